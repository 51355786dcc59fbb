import { readFileSync } from "node:fs";
import { constants } from "node:os";

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

/** `process.kill` without the throw: libuv's code (0 or a negative errno). Undocumented, so probed. */
type RawKill = (pid: number, signal: number) => unknown;
const rawKill: RawKill | undefined =
  process.platform === "win32" ? undefined : (process as unknown as { _kill?: RawKill })._kill;
const { EPERM, ESRCH } = constants.errno;

/**
 * Signal 0 to a pid (or, negative, a group): true when it exists, including one owned by another
 * user (EPERM). Asked after every run, where "gone" is the usual answer: `process.kill` reports it
 * by building and throwing an ErrnoException, which costs more than the rest of a run's
 * bookkeeping, so the code behind it is read directly where it has the expected shape.
 */
function answersSignalZero(target: number): boolean {
  if (rawKill !== undefined) {
    const code = rawKill.call(process, target, 0);
    if (code === 0 || code === -EPERM) return true;
    if (code === -ESRCH) return false;
  }
  try {
    process.kill(target, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
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
