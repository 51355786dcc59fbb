import { readFileSync } from "node:fs";

/** True while `pid` exists and is not a zombie. A process owned by another user counts as alive. */
export function isProcessAlive(pid: number): boolean {
  if (!answersSignalZero(pid)) return false;
  if (process.platform !== "linux") return true;
  try {
    // A zombie has exited; when the reaper (often PID 1 in a container) is slow it still answers signal 0.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
    return state !== "Z" && state !== "X";
  } catch {
    return false;
  }
}

/** True while any member of process group `pgid` exists (POSIX). */
export function isGroupAlive(pgid: number): boolean {
  return answersSignalZero(-pgid);
}

/**
 * Signal 0 to a pid (or, negative, a group): true when it exists, including one owned by another
 * user (EPERM). Asked after every run, where "gone" is the usual answer and arrives as a thrown
 * ESRCH; that error is never shown, so its stack trace — most of the cost — is not captured.
 */
function answersSignalZero(target: number): boolean {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    process.kill(target, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** Resolves once none of `pids` is alive, or `false` when `deadlineMs` passes first. */
export async function waitUntilGone(pids: readonly number[], deadlineMs: number): Promise<boolean> {
  const deadline = Date.now() + deadlineMs;
  let pause = 5;
  for (;;) {
    if (!pids.some(isProcessAlive)) return true;
    if (Date.now() >= deadline) return false;
    // No event exists for the death of a process we did not spawn, so poll with a growing pause.
    await new Promise((resolve) => setTimeout(resolve, Math.min(pause, Math.max(1, deadline - Date.now()))));
    pause = Math.min(pause * 2, 50);
  }
}
