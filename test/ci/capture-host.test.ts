import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { parseHostSnapshot } from "../../platforms/index.js";

const repositoryRoot = fileURLToPath(new URL("../..", import.meta.url));
const built = existsSync(path.join(repositoryRoot, "dist/src/cli/main.js"));
const made: string[] = [];
afterEach(() => {
  for (const directory of made.splice(0)) rmSync(directory, { recursive: true, force: true });
});

describe("scripts/capture-host.mjs (the CI step that records each runner)", () => {
  it.skipIf(!built)("writes a host snapshot of this machine that parses", () => {
    const directory = mkdtempSync(path.join(tmpdir(), "shellgate-capture-"));
    made.push(directory);
    const output = path.join(directory, "host-snapshot.json");
    const result = spawnSync(
      process.execPath,
      [path.join(repositoryRoot, "scripts/capture-host.mjs"), output],
      {
        encoding: "utf8",
        timeout: 60_000,
      },
    );
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    const snapshot = parseHostSnapshot(JSON.parse(readFileSync(output, "utf8")));
    expect(snapshot.platform).toBe(process.platform);
  });
});
