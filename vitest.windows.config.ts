import { defineConfig } from "vitest/config";

// The Windows suite alone, as scripts/windows-under-wine.sh runs it under Wine's node.exe. On a real
// Windows host (CI) the same files run as part of the normal `npm test`.
export default defineConfig({
  test: {
    include: ["test/windows/**/*.test.ts"],
    // Wine starts every process 2-3x slower than Linux; a hung one must still fail, not stall CI.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Worker threads start faster than forked node.exe processes under Wine (~10% of the run here).
    pool: "threads",
    // Two cores, and one wineserver for every process: more workers only add contention.
    maxWorkers: 2,
  },
});
