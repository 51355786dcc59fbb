import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, utimesSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cleanOldSpills, SpillDirectory } from "../../../src/execution/io/spill-directory.js";

const bases: string[] = [];
function base(): string {
  const directory = mkdtempSync(path.join(os.tmpdir(), "spill-base-"));
  bases.push(directory);
  return directory;
}
afterEach(() => {
  for (const directory of bases.splice(0)) rmSync(directory, { recursive: true, force: true });
});

describe("SpillDirectory", () => {
  it("creates one private (0700) directory lazily and reuses it", () => {
    const directory = new SpillDirectory(base());
    const first = directory.path();
    expect(first).not.toBeNull();
    expect(directory.path()).toBe(first);
    expect(statSync(first as string).mode & 0o777).toBe(0o700);
    expect(path.basename(first as string)).toMatch(/^shellgate-spill-/);
  });

  it("reports null when the base cannot hold it", () => {
    expect(new SpillDirectory("/proc/definitely/not/here").path()).toBeNull();
  });

  it("cleans spill directories older than the age, keeping fresh and foreign ones", async () => {
    const root = base();
    const old = path.join(root, "shellgate-spill-old");
    const fresh = path.join(root, "shellgate-spill-fresh");
    const other = path.join(root, "unrelated-old");
    for (const directory of [old, fresh, other]) mkdirSync(directory);
    const twoDaysAgo = (Date.now() - 48 * 3_600_000) / 1000;
    utimesSync(old, twoDaysAgo, twoDaysAgo);
    utimesSync(other, twoDaysAgo, twoDaysAgo);
    expect(await cleanOldSpills(root, 24)).toEqual([old]);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
    expect(existsSync(other)).toBe(true);
    expect(await cleanOldSpills(root, 0)).toEqual([]);
  });
});
