import type { RunMarker } from "../environment/run-marker.js";
import { listDescendants } from "../terminate/list-descendants.js";
import { isProcessAlive, waitUntilGone } from "../terminate/process-alive.js";

export interface CommandTermination {
  /** Pids found of the command (the shell excluded). */
  readonly pids: readonly number[];
  /** True when something outlived the grace period and was killed. */
  readonly forced: boolean;
  /** Pids still alive at the end; empty when the command's tree is really gone. */
  readonly survivors: readonly number[];
}

function signal(target: number, name: NodeJS.Signals): void {
  try {
    process.kill(target, name);
  } catch {
    // already gone, or a group that does not exist (the pid leads none)
  }
}

/**
 * The pids of one command of a resident shell: everything below the shell (its jobs, each in its
 * own process group under `set -m`, and their children) and whatever carries the command's run
 * marker (`setsid` escapees), never the shell itself.
 */
export function commandMembers(shellPid: number, marker: RunMarker): Promise<number[]> {
  return listDescendants(shellPid, { marker }).catch(() => [] as number[]);
}

/**
 * Ends one command's tree and leaves the shell running: SIGTERM to every member and to the group
 * each one may lead, `graceMs`, then SIGKILL to what is left (looked up again, for what a trap
 * forked meanwhile). POSIX only. The shell's own group is never signalled.
 */
export async function terminateCommand(
  shellPid: number,
  marker: RunMarker,
  options: { readonly graceMs: number; readonly killWaitMs?: number },
): Promise<CommandTermination> {
  const first = await commandMembers(shellPid, marker);
  const hit = (pids: readonly number[], name: NodeJS.Signals): void => {
    for (const pid of pids) {
      if (pid === shellPid) continue;
      signal(-pid, name);
      signal(pid, name);
    }
  };
  hit(first, "SIGTERM");
  let forced = false;
  const everyone = new Set(first);
  if (!(await waitUntilGone(first, options.graceMs))) {
    forced = true;
    const late = await commandMembers(shellPid, marker);
    for (const pid of late) everyone.add(pid);
    hit([...everyone].filter(isProcessAlive), "SIGKILL");
  }
  const all = [...everyone];
  const gone = await waitUntilGone(all, options.killWaitMs ?? 5000);
  return { pids: first, forced, survivors: gone ? [] : all.filter(isProcessAlive) };
}
