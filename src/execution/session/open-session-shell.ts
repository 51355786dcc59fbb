import { spillDirectoryOf } from "../io/shared-spill-directory.js";
import { spawnFailureMessage } from "../launch/spawn-failure-message.js";
import { shellPathOf } from "../prepare/command-script.js";
import { type PrepareStartOptions, prepareStart } from "../prepare/prepare-start.js";
import { ExecutionError } from "../run/execution-error.js";
import { RESIDENT_SHELL_COMMAND, ResidentShell } from "./resident-shell.js";

export interface OpenSessionShellOptions
  extends Omit<PrepareStartOptions, "workdir" | "check" | "verdict" | "marker" | "terminal"> {
  readonly graceMs: number;
  readonly killBackgroundChildren: boolean;
}

/**
 * A new resident shell for one owner, started through the one prepare step: its environment is
 * built and scrubbed as every start's, it carries the instance marker, and with the sandbox on it
 * is enclosed by it (so every command of the session runs inside). Nothing is judged here: the
 * shell itself is shellgate's, each command is judged as it comes. Throws `ExecutionError`.
 */
export async function openSessionShell(options: OpenSessionShellOptions): Promise<ResidentShell> {
  const scriptDirectory = spillDirectoryOf(options.spillDirectory).path();
  if (scriptDirectory === null) {
    throw new ExecutionError(
      "spawn-failed",
      "a persistent session needs a private directory for its command files, and none could be made; set spill_dir to a writable directory.",
    );
  }
  // Whatever a caller's options carry, the shell's own start is not a command to judge.
  const {
    check: _check,
    verdict: _verdict,
    workdir: _workdir,
    ...startOptions
  } = options as PrepareStartOptions & OpenSessionShellOptions;
  const prepared = await prepareStart(RESIDENT_SHELL_COMMAND, startOptions);
  const { resolution } = options;
  const shell = new ResidentShell({
    start: prepared.plan,
    scriptDirectory,
    shellPath: (native) => shellPathOf(native, resolution),
    platform: resolution.platform,
    graceMs: options.graceMs,
    killBackgroundChildren: options.killBackgroundChildren,
    annotate: (output) => prepared.trailer(output),
    release: () => prepared.release(),
    // bubblewrap puts the shell in a PID namespace below its own processes; macOS's wrapper execs it.
    pidNamespace: prepared.sandboxed && resolution.platform === "linux",
  });
  const failed = await shell.ready;
  if (failed) {
    await shell.close();
    throw new ExecutionError(
      "spawn-failed",
      spawnFailureMessage(prepared.plan, failed as NodeJS.ErrnoException),
    );
  }
  return shell;
}
