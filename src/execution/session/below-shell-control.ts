import { listDescendants } from "../terminate/list-descendants.js";
import { isProcessAlive, waitUntilGone } from "../terminate/process-alive.js";
import type { ShellControl } from "./launched-resident-shell.js";
import type { CommandTermination } from "./terminate-command.js";

/** After SIGKILL (TerminateProcess on Windows), how long the processes may take to vanish. */
const KILL_WAIT_MS = 5000;

export interface BelowShellControlOptions {
  readonly platform: NodeJS.Platform;
  /** See `ShellControl.pidLine`: how the shell reports the pid its processes hang below. */
  readonly pidLine?: string;
  readonly temporaryDirectory?: string;
}

function send(pids: readonly number[], name: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, name);
    } catch {
      // gone already
    }
  }
}

/** TERM, the grace, then KILL for what is left; the pids found, and what survived. */
async function endAll(pids: readonly number[], graceMs: number): Promise<CommandTermination> {
  if (pids.length === 0) return { pids: [], forced: false, survivors: [] };
  send(pids, "SIGTERM");
  if (await waitUntilGone(pids, graceMs)) return { pids, forced: false, survivors: [] };
  send(pids.filter(isProcessAlive), "SIGKILL");
  const gone = await waitUntilGone(pids, KILL_WAIT_MS);
  return { pids, forced: true, survivors: gone ? [] : pids.filter(isProcessAlive) };
}

/**
 * A resident shell on this machine whose command is ended by the processes below the shell, not by
 * an interrupt: a Windows bash (Git Bash, MSYS2, Cygwin) answers no signal from outside, but once
 * its foreground child is gone the rest of the command line — the frame's tail — runs, and the
 * session lives on. The pid is the one the shell reported (`pidLine`): for Git Bash its own Windows
 * pid, since `bin\bash.exe` is a launcher above it and MSYS's `exec` leaves a stub above the new
 * process. On Windows `process.kill` is TerminateProcess, whatever the signal. A pid of 0 (none
 * read) finds nothing, and the session ends with its launch's tree instead.
 */
export function belowShellControl(options: BelowShellControlOptions): ShellControl {
  const { platform } = options;
  const below = (shellPid: number, marker?: { readonly name: string; readonly value: string }) =>
    shellPid > 0
      ? listDescendants(shellPid, { platform, ...(marker ? { marker } : {}) }).catch(() => [] as number[])
      : Promise.resolve([] as number[]);
  return {
    ...(options.temporaryDirectory === undefined ? {} : { temporaryDirectory: options.temporaryDirectory }),
    ...(options.pidLine === undefined ? {} : { pidLine: options.pidLine }),
    async stopCommand(shellPid, marker, { graceMs }) {
      return endAll(await below(shellPid, marker), graceMs);
    },
    commandMembers: (shellPid, marker) => below(shellPid, marker),
    async endShell(shellPid, graceMs, marker) {
      if (shellPid <= 0) return undefined;
      const members = await below(shellPid, marker);
      return endAll([...members, shellPid], graceMs);
    },
  };
}
