import { spawn } from "node:child_process";
import type { WslTarget } from "../../terminate/wsl-tree-kill.js";
import type {
  EngineExec,
  EngineExecHandlers,
  EngineExecRequest,
  EngineExit,
  RemoteEngine,
} from "../engine.js";

/** `wsl.exe [-d distro] --exec ARGV…`: argv run in the distribution as is, with no shell of WSL's between. Pure. */
export function wslExecArguments(target: WslTarget, argv: readonly string[]): string[] {
  return [...(target.distro ? ["-d", target.distro] : []), "--exec", ...argv];
}

/**
 * A WSL distribution reached through a second wsl.exe, as the remote launcher reaches a target
 * through an engine: the group kill and listing of a WSL session's commands run inside the
 * distribution this way (killing wsl.exe on this side never reaches the Linux processes,
 * microsoft/WSL#2496). No terminal; variables are not passed (the kill script takes its arguments).
 */
export function wslEngine(target: WslTarget): RemoteEngine {
  return {
    kind: "wsl",
    async exec(request: EngineExecRequest, handlers: EngineExecHandlers): Promise<EngineExec> {
      const child = spawn(target.wslPath, wslExecArguments(target, request.argv), {
        windowsHide: true,
        stdio: [request.stdin ? "pipe" : "ignore", "pipe", "pipe"],
      });
      child.stdout?.on("data", (chunk: Buffer) => handlers.onStdout(chunk));
      child.stderr?.on("data", (chunk: Buffer) => handlers.onStderr(chunk));
      child.stdin?.on("error", () => undefined);
      const ended = new Promise<EngineExit>((resolve) => {
        child.once("error", (error) => resolve({ kind: "not-started", message: error.message }));
        child.once("close", (exitCode, signal) => resolve({ kind: "exited", exitCode, signal }));
      });
      return {
        ended,
        write: (data) =>
          new Promise<void>((resolve, reject) => {
            if (!child.stdin) {
              reject(new Error("stdin is closed"));
              return;
            }
            child.stdin.write(data, (error) => (error ? reject(error) : resolve()));
          }),
        closeStdin: async () => {
          child.stdin?.end();
        },
        resize: async () => undefined,
        status: async () => undefined,
        abandon: () => {
          child.stdout?.destroy();
          child.stderr?.destroy();
          child.stdin?.destroy();
        },
      };
    },
    close: async () => undefined,
  };
}
