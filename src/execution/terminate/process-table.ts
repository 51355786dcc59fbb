/** One row of the host's process table: enough to walk trees and groups. */
export interface ProcessEntry {
  readonly pid: number;
  readonly ppid: number;
  readonly pgid: number;
  /** True for a zombie: it has exited and only waits to be reaped, so it counts as gone. */
  readonly zombie: boolean;
}

/** Parses `ps -A -o pid=,ppid=,pgid=,stat=` output (Linux and macOS print the same columns). */
export function parseProcessTable(text: string): ProcessEntry[] {
  const entries: ProcessEntry[] = [];
  for (const line of text.split("\n")) {
    const fields = line.trim().split(/\s+/);
    if (fields.length < 3) continue;
    const [pid, ppid, pgid] = fields.slice(0, 3).map((field) => Number.parseInt(field, 10));
    if (pid === undefined || ppid === undefined || pgid === undefined) continue;
    if (!Number.isInteger(pid) || !Number.isInteger(ppid) || !Number.isInteger(pgid)) continue;
    entries.push({ pid, ppid, pgid, zombie: (fields[3] ?? "").startsWith("Z") });
  }
  return entries;
}

/**
 * Everything that belongs to the tree rooted at `pid`: its descendants by parent link, the members of
 * its process group (a background child whose shell already exited is re-parented but keeps the
 * group), and their descendants in turn (which catches children that left the group with `setsid`
 * while their parent still lives). The root itself is not included. Zombies are left out.
 */
export function treeMembers(table: readonly ProcessEntry[], pid: number, pgid: number = pid): ProcessEntry[] {
  const children = new Map<number, ProcessEntry[]>();
  for (const entry of table) {
    const siblings = children.get(entry.ppid) ?? [];
    siblings.push(entry);
    children.set(entry.ppid, siblings);
  }
  const found = new Map<number, ProcessEntry>();
  const queue: number[] = [pid];
  for (const entry of table) {
    // A negative group means "no groups here" (Windows).
    if (pgid >= 0 && entry.pgid === pgid && entry.pid !== pid) {
      found.set(entry.pid, entry);
      queue.push(entry.pid);
    }
  }
  while (queue.length > 0) {
    const parent = queue.shift() as number;
    for (const child of children.get(parent) ?? []) {
      if (child.pid === pid || found.has(child.pid)) continue;
      found.set(child.pid, child);
      queue.push(child.pid);
    }
  }
  return [...found.values()].filter((entry) => !entry.zombie);
}
