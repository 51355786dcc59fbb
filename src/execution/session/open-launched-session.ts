import { LaunchError, type Launcher } from "../launch/launcher.js";
import { type PrepareStartOptions, prepareStart } from "../prepare/prepare-start.js";
import { ExecutionError } from "../run/execution-error.js";
import { LaunchedResidentShell, type ShellControl } from "./launched-resident-shell.js";
import { RESIDENT_SHELL_COMMAND } from "./resident-shell.js";

export interface OpenLaunchedSessionOptions
  extends Omit<PrepareStartOptions, "workdir" | "check" | "verdict" | "marker" | "terminal" | "launcher"> {
  /** Where the shell runs: a remote target's launcher, or this machine's. */
  readonly launcher: Launcher;
  /** How a command's tree is ended there. */
  readonly control: ShellControl;
  readonly graceMs: number;
  readonly killBackgroundChildren: boolean;
}

/**
 * A new resident shell for one owner through a launcher, by the one prepare step like any start:
 * its environment is the target's own, built and scrubbed as every start's, with the instance
 * marker. Nothing is judged here: the shell itself is shellgate's, each command is judged as it
 * comes. Throws `ExecutionError`; nothing is left running then.
 */
export async function openLaunchedSession(
  options: OpenLaunchedSessionOptions,
): Promise<LaunchedResidentShell> {
  // Whatever a caller's options carry, the shell's own start is not a command to judge.
  const {
    check: _check,
    verdict: _verdict,
    workdir: _workdir,
    control,
    graceMs,
    killBackgroundChildren,
    ...startOptions
  } = options as OpenLaunchedSessionOptions & Pick<PrepareStartOptions, "check" | "verdict" | "workdir">;
  const prepared = await prepareStart(RESIDENT_SHELL_COMMAND, startOptions);
  try {
    return await LaunchedResidentShell.open({
      launcher: options.launcher,
      plan: prepared.plan,
      control,
      graceMs,
      killBackgroundChildren,
      release: () => prepared.release(),
    });
  } catch (error) {
    prepared.release();
    if (error instanceof LaunchError) {
      throw new ExecutionError(
        error.code === "ECONNRESET" ? "target-lost" : "spawn-failed",
        `a persistent session's shell could not start: ${error.message}`,
      );
    }
    throw error;
  }
}
