import { definedOnly } from "../../execution/environment/defined-only.js";
import { decodeExitStatus } from "../../execution/exit-status.js";
import { jobOf, startProcess } from "../../execution/spawn/start-process.js";
import { wslTargetOf } from "../../execution/terminate/wsl-tree-kill.js";
import type { ManagedSpawnPlan, ManagedTransport, TransportExit, TransportHandlers } from "./transport.js";

/**
 * Spawns with three pipes. On POSIX the child leads its own process group (detached) so the
 * whole tree can be torn down without touching shellgate; on Windows the tree lives in its own
 * Job Object instead (started by `startProcess`), and detaching would only open a console.
 */
export function spawnPipeTransport(
  plan: ManagedSpawnPlan,
  platform: NodeJS.Platform,
  handlers: TransportHandlers,
): Promise<ManagedTransport> {
  return new Promise((resolve, reject) => {
    // Through the execution layer's one spawn path, so the plan's cross-spawn flag holds here too
    // (a `.cmd` program is found when no bash exists). Stdin stays open: the manager writes to it.
    const child = startProcess(
      {
        file: plan.file,
        args: plan.args,
        cwd: plan.cwd,
        detached: platform !== "win32",
        windowsHide: true,
        crossSpawn: plan.crossSpawn === true,
      },
      { env: definedOnly(plan.env ?? process.env), stdio: ["pipe", "pipe", "pipe"] },
    );
    if (!child.stdin || !child.stdout || !child.stderr) throw new Error("the child has no pipes");
    const { stdin, stdout, stderr } = child;
    const job = jobOf(child);
    const wsl = wslTargetOf(plan);
    const exited = new Promise<TransportExit>((resolveExit) => {
      child.once("exit", (code, signal) => {
        // Git Bash, MSYS2 and Cygwin report a signal death as `signal << 8`; read it as the signal.
        const status = plan.shell ? decodeExitStatus(plan.shell, platform, { exitCode: code, signal }) : null;
        resolveExit(status ? { code: status.exitCode, signal: status.signal } : { code, signal });
      });
    });
    const streamEnded = (stream: NodeJS.ReadableStream) =>
      new Promise<void>((resolveEnd) => {
        stream.once("close", () => resolveEnd());
        stream.once("error", () => resolveEnd());
      });
    stdout.on("data", (bytes: Buffer) => handlers.onOutput("stdout", bytes));
    stderr.on("data", (bytes: Buffer) => handlers.onOutput("stderr", bytes));
    const drained = Promise.all([streamEnded(stdout), streamEnded(stderr)]).then(() => undefined);
    // A child that exits without reading makes later writes fail with EPIPE; that is a write
    // error for the caller of write(), not a crash of the host.
    stdin.on("error", () => undefined);

    child.once("error", reject);
    child.once("spawn", () => {
      child.off("error", reject);
      child.on("error", () => undefined);
      resolve({
        pid: child.pid!,
        ...(job ? { job } : {}),
        ...(wsl ? { wsl } : {}),
        pty: false,
        exited,
        drained,
        write: (text) =>
          new Promise<void>((resolveWrite, rejectWrite) => {
            if (stdin.destroyed || stdin.writableEnded) {
              rejectWrite(new Error("stdin is closed"));
              return;
            }
            stdin.write(text, (error) => (error ? rejectWrite(error) : resolveWrite()));
          }),
        closeInput: () =>
          new Promise<void>((resolveClose) => {
            if (stdin.writableEnded || stdin.destroyed) {
              resolveClose();
              return;
            }
            stdin.end(() => resolveClose());
            stdin.once("error", () => resolveClose());
          }),
        abortInput: () => {
          stdin.destroy();
        },
        abandonOutput: () => {
          stdout.destroy();
          stderr.destroy();
          stdin.destroy();
        },
      });
    });
  });
}
