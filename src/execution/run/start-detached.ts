import { randomBytes } from "node:crypto";
import { closeSync, openSync, writeFileSync } from "node:fs";
import { spillDirectoryOf } from "../io/shared-spill-directory.js";
import { LaunchError } from "../launch/launcher.js";
import { createLocalLauncher } from "../launch/local-launcher.js";
import { prepareStart } from "../prepare/prepare-start.js";
import { type BackgroundRecord, backgroundPaths } from "./background-status.js";
import { ExecutionError } from "./execution-error.js";
import type { RunOptions } from "./run-options.js";

export interface DetachedStart {
  readonly pid: number;
  /** Where stdout and stderr go (private directory, mode 0600); null when no file could be made. */
  readonly logPath: string | null;
  /**
   * Where the shell writes the command's exit status when it ends (`shellgate doctor` lists it);
   * null without a private directory or without a shell (a no-bash plan).
   */
  readonly statusPath: string | null;
  /**
   * Where the pid and the paths are: absent for this machine; a remote target's name ("container
   * app") when the start is there, its files in the target (`shellgate doctor` with the same
   * executor lists them).
   */
  readonly target?: string;
}

/** A fresh private file (mode 0600), or null when none can be made. */
function createPrivateFile(file: string): string | null {
  try {
    closeSync(openSync(file, "wx", 0o600));
    return file;
  } catch {
    return null;
  }
}

/**
 * Starts a command that outlives this process (the CLI's `--background`): its own process group,
 * stdin closed, stdout and stderr appended to a private log file. Resolves once it has started.
 */
export async function startDetached(command: string, options: RunOptions): Promise<DetachedStart> {
  // Enclosed like every start. The sandbox's proxies live in this process, so once it exits a
  // detached sandboxed command has no network left; its filesystem bounds stay.
  const directory = spillDirectoryOf(options.spillDirectory).path();
  const paths = directory === null ? null : backgroundPaths(directory, randomBytes(12).toString("hex"));
  const statusPath = paths === null || options.resolution.kind === "none" ? null : paths.statusPath;
  const prepared = await prepareStart(
    command,
    statusPath === null ? options : { ...options, exitStatusFile: statusPath },
  );
  const logPath = paths === null ? null : createPrivateFile(paths.logPath);
  let pid: number;
  try {
    const launcher = createLocalLauncher({ platform: options.resolution.platform });
    const launched = await launcher.launch(prepared.plan, { kind: "detached", logPath });
    pid = launched.pid as number;
  } catch (error) {
    if (error instanceof LaunchError) throw new ExecutionError("spawn-failed", error.message);
    throw error;
  }
  if (paths !== null && logPath !== null && statusPath !== null) {
    const record: BackgroundRecord = {
      pid,
      command,
      startedAt: new Date().toISOString(),
      logPath,
      statusPath,
    };
    try {
      writeFileSync(paths.recordPath, `${JSON.stringify(record)}\n`, { mode: 0o600, flag: "wx" });
    } catch {
      // the run goes on; only doctor's list lacks it
    }
  }
  return { pid, logPath, statusPath };
}
