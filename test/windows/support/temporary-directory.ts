import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";

/** A fresh directory per call, removed after each test of the calling file. */
export function useTemporaryDirectories(prefix: string): () => string {
  const made: string[] = [];
  afterEach(() => {
    for (const directory of made.splice(0))
      rmSync(directory, { recursive: true, force: true, maxRetries: 5 });
  });
  return () => {
    const directory = mkdtempSync(join(tmpdir(), prefix));
    made.push(directory);
    return directory;
  };
}
