import os from "node:os";
import { SpillDirectory } from "./spill-directory.js";

const byBase = new Map<string, SpillDirectory>();

/** One private spill directory per base directory for the life of the process. */
export function sharedSpillDirectory(base: string = os.tmpdir()): SpillDirectory {
  let directory = byBase.get(base);
  if (!directory) {
    directory = new SpillDirectory(base);
    byBase.set(base, directory);
  }
  return directory;
}

/** The spill directory a run writes to: the object given, or the shared one under a base path. */
export function spillDirectoryOf(option: string | SpillDirectory | undefined): SpillDirectory {
  return typeof option === "object" ? option : sharedSpillDirectory(option ?? os.tmpdir());
}
