import { randomBytes } from "node:crypto";
import { closeSync, openSync, writeFileSync } from "node:fs";
import { spillDirectoryOf } from "../io/shared-spill-directory.js";
import { spawnFailureMessage } from "../launch/spawn-failure-message.js";
import { prepareStart } from "../prepare/prepare-start.js";
import { removeScriptFile } from "../spawn/script-file.js";
import { startProcess } from "../spawn/start-process.js";
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
  let logPath: string | null = null;
  let descriptor: number | "ignore" = "ignore";
  if (paths !== null) {
    try {
      descriptor = openSync(paths.logPath, "wx", 0o600);
      logPath = paths.logPath;
    } catch {
      descriptor = "ignore";
    }
  }
  const child = startProcess(
    { ...prepared.plan, detached: true },
    { env: prepared.plan.env, stdio: ["ignore", descriptor, descriptor] },
  );
  try {
    await new Promise<void>((resolve, reject) => {
      child.once("spawn", resolve);
      child.once("error", reject);
    });
  } catch (error) {
    // Once started, the script removes itself; only a failed start leaves it to us.
    if (prepared.plan.scriptFile !== undefined) removeScriptFile(prepared.plan.scriptFile);
    throw new ExecutionError(
      "spawn-failed",
      spawnFailureMessage(prepared.plan, error as NodeJS.ErrnoException),
    );
  } finally {
    if (typeof descriptor === "number") closeSync(descriptor);
  }
  child.on("error", () => {
    // it has started; nothing later concerns this process, which is about to forget it
  });
  child.unref();
  const pid = child.pid as number;
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
