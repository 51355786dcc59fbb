import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * vitest global setup: the whole suite runs with a private temp directory (TMPDIR/TMP/TEMP, which
 * the forked workers inherit), and the run fails if anything is left in it afterwards — spill
 * directories, script files, logs — so "the test suite leaves nothing behind" is checked, not hoped.
 */
export default function setup(): () => void {
  const directory = mkdtempSync(path.join(os.tmpdir(), "shellgate-tests-"));
  for (const name of ["TMPDIR", "TMP", "TEMP"]) process.env[name] = directory;
  return () => {
    // Compile caches are tooling, not output: tsx's (tests that start shellgate from its sources)
    // and Node's own, which the CLI enables on Node 22.1+ (the Windows node.exe under Wine is one).
    // An empty directory is not output: a file whose tests all skip here (engines absent, another
    // OS) made its scratch directory at load time, and vitest runs no afterAll for a skipped file.
    const left = readdirSync(directory).filter(
      (name) =>
        !name.startsWith("tsx-") &&
        name !== "node-compile-cache" &&
        !emptyDirectory(path.join(directory, name)),
    );
    rmSync(directory, { recursive: true, force: true });
    if (left.length > 0) {
      // A thrown teardown error is only logged; the exit code is what CI sees.
      process.exitCode = 1;
      throw new Error(`the test suite left ${left.length} entries in its temp directory: ${left.join(", ")}`);
    }
  };
}

function emptyDirectory(entry: string): boolean {
  try {
    return statSync(entry).isDirectory() && readdirSync(entry).length === 0;
  } catch {
    return false;
  }
}
