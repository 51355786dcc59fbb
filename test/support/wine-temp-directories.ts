import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";

/**
 * Temporary directories for tests that run Windows programs in them, removed after the file.
 * Wine keeps a just-exited program's folder busy for a while (EACCES, which rmSync does not
 * retry), so removal polls for up to 20 s before it gives up.
 */
export function busyTolerantTemporaryDirectories(): (prefix: string) => string {
  const made: string[] = [];
  afterAll(async () => {
    const deadline = Date.now() + 20_000;
    for (const directory of made) {
      while (existsSync(directory)) {
        try {
          rmSync(directory, { recursive: true, force: true });
        } catch (error) {
          if (Date.now() > deadline) throw error;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      }
    }
  }, 30_000);
  return (prefix) => {
    const directory = mkdtempSync(join(tmpdir(), prefix));
    made.push(directory);
    return directory;
  };
}
