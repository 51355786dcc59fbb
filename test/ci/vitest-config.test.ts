import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { POSIX_PROCESS_TESTS } from "../../vitest.config.js";

const repositoryRoot = fileURLToPath(new URL("../..", import.meta.url));

describe("vitest.config.ts", () => {
  // A moved or renamed test file would otherwise drop out of the Windows exclusion without a sound,
  // and run (and fail) on windows-latest and under Wine.
  it("names only test files that exist in the POSIX-only list", () => {
    expect(POSIX_PROCESS_TESTS.filter((file) => !existsSync(`${repositoryRoot}/${file}`))).toEqual([]);
  });
});
