import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { SPILL_DIRECTORY_PREFIX } from "../io/spill-directory.js";
import { singleQuote } from "../spawn/long-command.js";

/**
 * What a `--background` start leaves beside its log, so `shellgate doctor` or any later call can
 * say how it ended: `<id>-background.json` (written at the start: pid, command, log and status
 * paths) and `<id>-background.exit` (written by the shell when the command ends: its exit status).
 */
export interface BackgroundRecord {
  readonly pid: number;
  readonly command: string;
  readonly startedAt: string;
  readonly logPath: string;
  readonly statusPath: string;
}

export type BackgroundState =
  | { readonly state: "running" }
  | { readonly state: "exited"; readonly exitCode: number; readonly endedAt: string }
  /** Gone without a status: killed with its shell (SIGKILL, the group killed), or a syntax error. */
  | { readonly state: "ended-unrecorded" };

export type BackgroundRun = BackgroundRecord & BackgroundState;

const RECORD_SUFFIX = "-background.json";

export function backgroundPaths(directory: string, id: string) {
  return {
    logPath: path.join(directory, `${id}-background.log`),
    recordPath: path.join(directory, `${id}${RECORD_SUFFIX}`),
    statusPath: path.join(directory, `${id}-background.exit`),
  };
}

/**
 * The shell text a detached start runs: the command (already judged, as delivered) in a subshell,
 * so its own `exit` ends only the subshell and `$$` stays the reported pid, then its status written
 * where `statusShellPath` says. A command killed with its shell, or one bash cannot parse, leaves no
 * status; the record says so instead of a guess.
 */
export function withExitStatus(delivered: string, statusShellPath: string): string {
  return `(\n${delivered}\n)\nprintf '%s\\n' "$?" > ${singleQuote(statusShellPath)}\n`;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, owned by someone else (a reused pid is the same answer: no status yet).
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The state of one recorded start, read from its status file and the process table. */
export function backgroundState(record: BackgroundRecord): BackgroundState {
  try {
    const text = readFileSync(record.statusPath, "utf8").trim();
    if (/^\d+$/.test(text)) {
      const endedAt = statSync(record.statusPath).mtime.toISOString();
      return { state: "exited", exitCode: Number(text), endedAt };
    }
  } catch {
    // no status yet
  }
  return isAlive(record.pid) ? { state: "running" } : { state: "ended-unrecorded" };
}

/** Every recorded `--background` start under `spillBase` this user can read, newest first. */
export function backgroundRuns(spillBase: string): BackgroundRun[] {
  const runs: BackgroundRun[] = [];
  let directories: string[];
  try {
    directories = readdirSync(spillBase).filter((name) => name.startsWith(SPILL_DIRECTORY_PREFIX));
  } catch {
    return runs;
  }
  for (const name of directories) {
    const directory = path.join(spillBase, name);
    let files: string[];
    try {
      files = readdirSync(directory).filter((file) => file.endsWith(RECORD_SUFFIX));
    } catch {
      continue; // another user's, or gone
    }
    for (const file of files) {
      try {
        const record = JSON.parse(readFileSync(path.join(directory, file), "utf8")) as BackgroundRecord;
        if (typeof record.pid !== "number" || typeof record.statusPath !== "string") continue;
        runs.push({ ...record, ...backgroundState(record) });
      } catch {
        // half-written or not ours
      }
    }
  }
  return runs.sort((a, b) => b.startedAt.localeCompare(a.startedAt));
}
