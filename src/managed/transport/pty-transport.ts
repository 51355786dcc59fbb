import type { Containment } from "../../execution/containment/contain-process.js";
import { definedOnly } from "../../execution/environment/defined-only.js";
import { startTerminal } from "../../execution/spawn/start-process.js";
import type { PtyModule } from "../terminal/pty-loader.js";
import type { ManagedSpawnPlan, ManagedTransport, TransportExit, TransportHandlers } from "./transport.js";

/** Terminal sizing is not offered; a fixed, common size keeps output predictable. */
const COLUMNS = 120;
const ROWS = 30;

/**
 * Starts on a real terminal (a POSIX pty, ConPTY on Windows). node-pty makes the child a session
 * leader with the terminal as its controlling tty, so its pid is also its process group.
 * stdout and stderr arrive merged as one `terminal` stream. node-pty reports the exit only after
 * the terminal's output closed, so exit implies drained.
 */
export function spawnPtyTransport(
  pty: PtyModule,
  plan: ManagedSpawnPlan,
  platform: NodeJS.Platform,
  handlers: TransportHandlers,
): Promise<ManagedTransport> {
  return new Promise((resolve, reject) => {
    let terminal: ReturnType<PtyModule["spawn"]>;
    let containment: Containment;
    try {
      // Through the execution layer's one spawn module, like the pipes.
      // Windows: the shell's tree is started inside its own Job Object, as for pipes.
      ({ terminal, containment } = startTerminal({ file: plan.file, args: plan.args, cwd: plan.cwd }, pty, {
        env: definedOnly(plan.env ?? process.env),
        columns: COLUMNS,
        rows: ROWS,
        platform,
      }));
    } catch (error) {
      reject(error);
      return;
    }
    let inputClosed = false;
    let exitObserved = false;
    const dataSubscription = terminal.onData((data) =>
      handlers.onOutput("terminal", typeof data === "string" ? Buffer.from(data, "utf8") : data),
    );
    const exited = new Promise<TransportExit>((resolveExit) => {
      terminal.onExit(({ exitCode, signal }) => {
        exitObserved = true;
        dataSubscription.dispose();
        // node-pty reports signal 0 for a normal exit.
        resolveExit(signal ? { code: null, signal } : { code: exitCode, signal: null });
      });
    });
    resolve({
      pid: terminal.pid,
      ...(containment.kind === "job-object" ? { job: containment.job } : {}),
      pty: true,
      ...(terminal.ptsName ? { terminalDevice: terminal.ptsName } : {}),
      exited,
      drained: exited.then(() => undefined),
      write: async (text) => {
        if (inputClosed || exitObserved) throw new Error("terminal input is closed");
        terminal.write(text);
      },
      closeInput: async (eof) => {
        if (inputClosed || exitObserved) return;
        if (eof !== undefined) terminal.write(eof);
        inputClosed = true;
      },
      abortInput: () => {
        inputClosed = true;
      },
      abandonOutput: () => dataSubscription.dispose(),
    });
  });
}
