import { randomBytes } from "node:crypto";
import { closeSync, openSync } from "node:fs";
import path from "node:path";
import { spillDirectoryOf } from "../io/shared-spill-directory.js";
import { LaunchError } from "../launch/launcher.js";
import { createLocalLauncher } from "../launch/local-launcher.js";
import { prepareStart } from "../prepare/prepare-start.js";
import { ExecutionError } from "./execution-error.js";
import type { RunOptions } from "./run-options.js";

export interface DetachedStart {
  readonly pid: number;
  /** Where stdout and stderr go (private directory, mode 0600); null when no file could be made. */
  readonly logPath: string | null;
}

/** A fresh private log file in the spill directory, or null when none can be made. */
function createLogFile(options: RunOptions): string | null {
  const directory = spillDirectoryOf(options.spillDirectory).path();
  if (directory === null) return null;
  const candidate = path.join(directory, `${randomBytes(12).toString("hex")}-background.log`);
  try {
    closeSync(openSync(candidate, "wx", 0o600));
    return candidate;
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
  const prepared = await prepareStart(command, options);
  const logPath = createLogFile(options);
  try {
    const launched = await createLocalLauncher({ platform: options.resolution.platform }).launch(
      prepared.plan,
      {
        kind: "detached",
        logPath,
      },
    );
    return { pid: launched.pid as number, logPath };
  } catch (error) {
    if (error instanceof LaunchError) throw new ExecutionError("spawn-failed", error.message);
    throw error;
  }
}
