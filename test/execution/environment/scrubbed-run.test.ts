import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SpillDirectory } from "../../../src/execution/io/spill-directory.js";
import { runCommand } from "../../../src/execution/run/run-command.js";
import { BASH } from "../../fixtures/exec/resolutions.js";

const scratch = mkdtempSync(path.join(os.tmpdir(), "scrub-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("a real command's environment", () => {
  it("keeps look-alike names and loses credentials found by name or by value", async () => {
    const result = await runCommand(
      'echo "${MONKEY-gone} ${TOKENIZERS_PARALLELISM-gone} ${DATABASE_URL-gone} ${GITHUB_TOKEN-gone} ${KEPT_TOKEN-gone}"',
      {
        resolution: BASH,
        cwd: scratch,
        spillDirectory: new SpillDirectory(scratch),
        env: {
          PATH: process.env.PATH ?? "/usr/bin:/bin",
          MONKEY: "banana",
          TOKENIZERS_PARALLELISM: "false",
          DATABASE_URL: "postgres://u:secret@db/app",
          GITHUB_TOKEN: "ghp_x",
          KEPT_TOKEN: "kept",
        },
        envAllow: ["KEPT_TOKEN"],
      },
    );
    expect(result.stdout).toBe("banana false gone gone kept\n");
  });
});
