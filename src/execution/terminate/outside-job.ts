import type { ProcessEntry } from "./process-table.js";

/**
 * Processes a tree left outside its Job Object, found after the job was ended: every process the
 * table links (by parent pid, through any depth) to the root or to a member the job held, that the
 * job did not hold itself. Windows keeps a dead parent's pid on its children, so the links still
 * lead there once the job's members are gone. `self` (shellgate) is never one of them. Pure.
 */
export function outsideJob(
  table: readonly ProcessEntry[],
  rootPid: number,
  members: readonly number[],
  self: number,
): number[] {
  const inside = new Set([rootPid, ...members]);
  const children = new Map<number, number[]>();
  for (const entry of table) {
    if (entry.pid === entry.ppid) continue; // the idle process names itself as its parent
    const siblings = children.get(entry.ppid) ?? [];
    siblings.push(entry.pid);
    children.set(entry.ppid, siblings);
  }
  const seen = new Set<number>(inside);
  const found: number[] = [];
  const queue = [...inside];
  while (queue.length > 0) {
    const parent = queue.shift() as number;
    for (const child of children.get(parent) ?? []) {
      if (seen.has(child) || child === self) continue;
      seen.add(child);
      found.push(child);
      queue.push(child);
    }
  }
  return found.sort((a, b) => a - b);
}
