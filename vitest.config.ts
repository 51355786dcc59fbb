import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Real processes are spawned in many tests; a hung one must fail, not stall CI.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: "forks",
  },
});
