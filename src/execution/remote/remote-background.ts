import type { BackgroundRecord, BackgroundRun } from "../run/background-status.js";
import { singleQuote } from "../spawn/long-command.js";

/**
 * `shellgate run --background` in a remote target: the same files a local start leaves beside its
 * log (see `run/background-status.ts`) — `<id>-background.log`, `<id>-background.exit` (written by
 * the target's shell when the command ends), `<id>-background.json` (pid, command, paths) — in a
 * private directory (mode 0700) of the target's temporary directory, so `shellgate doctor` with
 * the same executor, or a later command there, reads how it ended. Pure: paths and shell text.
 */
export const REMOTE_BACKGROUND_PREFIX = "shellgate-background-";

export interface RemoteBackgroundPaths {
  readonly directory: string;
  readonly logPath: string;
  readonly statusPath: string;
  readonly recordPath: string;
}

export function remoteBackgroundPaths(temporaryDirectory: string, id: string): RemoteBackgroundPaths {
  const directory = `${temporaryDirectory.replace(/\/+$/, "")}/${REMOTE_BACKGROUND_PREFIX}${id}`;
  return {
    directory,
    logPath: `${directory}/${id}-background.log`,
    statusPath: `${directory}/${id}-background.exit`,
    recordPath: `${directory}/${id}-background.json`,
  };
}

/** The line the detaching text prints on stdout: the background job's pid in the target. */
const PID_LINE = /^detached (\d+)$/m;

/**
 * The text that detaches an already prepared command (its exit status write included) in the
 * target, run by the run wrapper (so the directory, environment and markers are a foreground
 * run's): the private directory is made, then the command starts in a shell of its own — its own
 * session where the target has `setsid`, as a local detached start — with stdin from /dev/null and
 * its output appended to the log. Nothing of it is tied to the exec, which ends at once (no engine
 * ends a process when its exec ends). Then the record is written and the pid reported: the
 * shell's, which is also its `$$`, as locally. The record's fields but the pid are JSON made here;
 * the shell puts the pid in front, as a `printf` argument, never as format text.
 */
export function detachedCommandText(input: {
  /** The command as prepared (`withExitStatus` applied). */
  readonly prepared: string;
  /** The target shell and its own arguments before `-c` (`bash --norc --noprofile`). */
  readonly shell: readonly string[];
  readonly paths: RemoteBackgroundPaths;
  readonly record: Omit<BackgroundRecord, "pid">;
}): string {
  const { paths } = input;
  const rest = JSON.stringify(input.record).slice(1);
  const name = input.shell[0]?.endsWith("bash") ? "bash" : "sh";
  const shell = [...input.shell, "-c", input.prepared, name].map(singleQuote).join(" ");
  return [
    `mkdir -m 700 ${singleQuote(paths.directory)}||exit 1`,
    "__sgs=;command -v setsid >/dev/null 2>&1&&__sgs=setsid",
    `$__sgs ${shell} </dev/null >>${singleQuote(paths.logPath)} 2>&1 &`,
    `printf '{"pid":%s,%s\n' "$!" ${singleQuote(rest)} >${singleQuote(paths.recordPath)}`,
    `printf 'detached %s\n' "$!"`,
    "",
  ].join("\n");
}

/** The pid the detaching text reported, or undefined when it did not get that far. */
export function detachedPid(stdout: string): number | undefined {
  const match = PID_LINE.exec(stdout);
  return match ? Number(match[1]) : undefined;
}

/**
 * The text that lists every recorded start under the target's temporary directory, one line per
 * record: alive (1/0), the status file's number (empty without one), when it was written (UTC,
 * empty when unknown), and the record itself, tab-separated. A pid counts as alive when it can be
 * signalled or is in /proc (another user's).
 */
export function listBackgroundText(temporaryDirectory: string): string {
  const pattern = `${singleQuote(temporaryDirectory.replace(/\/+$/, ""))}/${REMOTE_BACKGROUND_PREFIX}*/*-background.json`;
  return [
    `for r in ${pattern}; do`,
    `[ -f "$r" ]||continue`,
    `IFS= read -r line <"$r"||[ -n "$line" ]||continue`,
    `p=\${line#'{"pid":'};p=\${p%%,*}`,
    `case $p in ''|*[!0-9]*) continue;; esac`,
    `s=\${r%.json}.exit;c=;e=`,
    `[ -f "$s" ]&&{ c=$(cat "$s" 2>/dev/null);e=$(date -u -r "$s" +%Y-%m-%dT%H:%M:%SZ 2>/dev/null);}`,
    `case $c in *[!0-9]*) c=;; esac`,
    `a=0;{ kill -0 "$p" 2>/dev/null||[ -d "/proc/$p" ];}&&a=1`,
    `printf '%s\\t%s\\t%s\\t%s\\n' "$a" "$c" "$e" "$line"`,
    "done",
    "",
  ].join("\n");
}

/** The listing's lines as runs, newest first; a line that is not one (half-written) is skipped. */
export function parseBackgroundListing(stdout: string): BackgroundRun[] {
  const runs: BackgroundRun[] = [];
  for (const line of stdout.split("\n")) {
    const [alive, status, endedAt, ...json] = line.split("\t");
    if (json.length === 0) continue;
    let record: BackgroundRecord;
    try {
      record = JSON.parse(json.join("\t")) as BackgroundRecord;
    } catch {
      continue;
    }
    if (typeof record.pid !== "number" || typeof record.statusPath !== "string") continue;
    if (status !== undefined && /^\d+$/.test(status)) {
      runs.push({
        ...record,
        state: "exited",
        exitCode: Number(status),
        endedAt: endedAt || "an unknown time",
      });
    } else runs.push({ ...record, state: alive === "1" ? "running" : "ended-unrecorded" });
  }
  return runs.sort((a, b) => b.startedAt.localeCompare(a.startedAt));
}
