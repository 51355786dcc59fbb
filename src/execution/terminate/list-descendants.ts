import { treeMembers } from "./process-table.js";
import { findByEnvironmentMarker, readProcessTable } from "./read-process-table.js";
import { readWindowsProcessTable } from "./windows-process-table.js";

export interface ListDescendantsOptions {
  /** The process group that belongs to the tree; defaults to `pid` (shellgate spawns group leaders). */
  readonly pgid?: number;
  /** An environment variable every member inherited; finds `setsid` escapees whose parent is gone (Linux). */
  readonly marker?: { readonly name: string; readonly value: string };
  readonly platform?: NodeJS.Platform;
}

/**
 * Pids that belong to the tree rooted at `pid` (POSIX): descendants by parent link, members of its
 * process group, children that left the group with `setsid`, and — with a marker on Linux — orphans
 * that carry it. The root is not included; the list is a snapshot, so call it before signalling.
 */
export async function listDescendants(pid: number, options: ListDescendantsOptions = {}): Promise<number[]> {
  const platform = options.platform ?? process.platform;
  if (platform === "win32") {
    // Windows keeps a dead parent's id on its children, so the walk still works after the root died.
    const table = await readWindowsProcessTable();
    return treeMembers(table, pid, -1)
      .map((entry) => entry.pid)
      .filter((member) => member !== pid && member !== process.pid)
      .sort((a, b) => a - b);
  }
  const table = await readProcessTable(platform);
  const members = new Set(treeMembers(table, pid, options.pgid ?? pid).map((entry) => entry.pid));
  if (options.marker) {
    const marked = await findByEnvironmentMarker(options.marker.name, options.marker.value);
    const zombies = new Set(table.filter((entry) => entry.zombie).map((entry) => entry.pid));
    for (const markedPid of marked) {
      if (markedPid === pid || zombies.has(markedPid)) continue;
      members.add(markedPid);
      // A marked orphan's own children are part of the tree even if they dropped the marker.
      for (const entry of treeMembers(table, markedPid, -1)) members.add(entry.pid);
    }
  }
  members.delete(pid);
  members.delete(process.pid);
  return [...members].sort((a, b) => a - b);
}
