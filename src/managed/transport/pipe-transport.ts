import { spawn } from "node:child_process";
import crossSpawn from "cross-spawn";
import { containProcess } from "../../execution/containment/contain-process.js";
import { decodeExitStatus } from "../../execution/exit-status.js";
import type { ManagedSpawnPlan, ManagedTransport, TransportExit, TransportHandlers } from "./transport.js";

/**
 * Spawns with three pipes. On POSIX the child leads its own process group (detached) so the
 * whole tree can be torn down without touching shellgate; on Windows the tree lives in its own
 * Job Object instead, and detaching would only open a console.
 */
export function spawnPipeTransport(
  plan: ManagedSpawnPlan,
  platform: NodeJS.Platform,
  handlers: TransportHandlers,
): Promise<ManagedTransport> {
  return new Promise((resolve, reject) => {
    // Kind `none` needs cross-spawn for PATHEXT and `.cmd` shims, as a foreground run does.
    const start = (plan.crossSpawn ? crossSpawn : spawn) as typeof spawn;
    const child = start(plan.file, [...plan.args], {
      cwd: plan.cwd,
      env: plan.env as NodeJS.ProcessEnv | undefined,
      stdio: ["pipe", "pipe", "pipe"],
      detached: platform !== "win32",
      windowsHide: true,
      windowsVerbatimArguments: plan.windowsVerbatimArguments,
    });
    // Synchronously, before the shell can start anything (see contain-process.ts).
    const containment = containProcess(child.pid);
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
    child.stdout.on("data", (bytes: Buffer) => handlers.onOutput("stdout", bytes));
    child.stderr.on("data", (bytes: Buffer) => handlers.onOutput("stderr", bytes));
    const drained = Promise.all([streamEnded(child.stdout), streamEnded(child.stderr)]).then(() => undefined);
    // A child that exits without reading makes later writes fail with EPIPE; that is a write
    // error for the caller of write(), not a crash of the host.
    child.stdin.on("error", () => undefined);

    child.once("error", reject);
    child.once("spawn", () => {
      child.off("error", reject);
      child.on("error", () => undefined);
      resolve({
        pid: child.pid!,
        ...(containment.kind === "job-object" ? { job: containment.job } : {}),
        pty: false,
        exited,
        drained,
        write: (text) =>
          new Promise<void>((resolveWrite, rejectWrite) => {
            if (child.stdin.destroyed || child.stdin.writableEnded) {
              rejectWrite(new Error("stdin is closed"));
              return;
            }
            child.stdin.write(text, (error) => (error ? rejectWrite(error) : resolveWrite()));
          }),
        closeInput: () =>
          new Promise<void>((resolveClose) => {
            if (child.stdin.writableEnded || child.stdin.destroyed) {
              resolveClose();
              return;
            }
            child.stdin.end(() => resolveClose());
            child.stdin.once("error", () => resolveClose());
          }),
        abortInput: () => {
          child.stdin.destroy();
        },
        abandonOutput: () => {
          child.stdout.destroy();
          child.stderr.destroy();
          child.stdin.destroy();
        },
      });
    });
  });
}
