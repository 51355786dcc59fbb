import { mkdtempSync } from "node:fs";
import { readdir, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

export const SPILL_DIRECTORY_PREFIX = "shellgate-spill-";

/**
 * A private directory (mkdtemp: mode 0700, unpredictable name) created on first use, so other local
 * users can neither read spilled output nor plant symlinks where it will be written.
 */
export class SpillDirectory {
  private created: string | null | undefined;

  constructor(readonly baseDirectory: string = os.tmpdir()) {}

  /** The directory, or null when it could not be created (spills are then reported unavailable). */
  path(): string | null {
    if (this.created === undefined) {
      try {
        this.created = mkdtempSync(path.join(this.baseDirectory, SPILL_DIRECTORY_PREFIX));
      } catch {
        this.created = null;
      }
    }
    return this.created;
  }
}

/**
 * Removes spill directories under `baseDirectory` older than `maxAgeHours` that belong to this user.
 * Best effort: a directory that cannot be read or removed is skipped. Resolves to the paths removed.
 */
export async function cleanOldSpills(
  baseDirectory: string,
  maxAgeHours: number,
  keep: readonly string[] = [],
): Promise<string[]> {
  if (maxAgeHours <= 0) return [];
  const cutoff = Date.now() - maxAgeHours * 3_600_000;
  const uid = typeof process.getuid === "function" ? process.getuid() : undefined;
  let names: string[];
  try {
    names = await readdir(baseDirectory);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    if (!name.startsWith(SPILL_DIRECTORY_PREFIX)) continue;
    const target = path.join(baseDirectory, name);
    if (keep.includes(target)) continue;
    try {
      const info = await stat(target);
      if (!info.isDirectory() || info.mtimeMs > cutoff) continue;
      if (uid !== undefined && info.uid !== uid) continue;
      await rm(target, { recursive: true, force: true });
      removed.push(target);
    } catch {
      // in use by another process or already gone
    }
  }
  return removed;
}
