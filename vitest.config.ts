import { defineConfig } from "vitest/config";

// These drive POSIX process semantics for real (process groups, setsid, signals, /proc, 0700 modes,
// a /bin/bash fixture). On Windows their counterparts live in test/windows/ (tree kill via taskkill,
// timeouts through Git Bash, the cross-spawn fallback), so they are left out there rather than faked.
const POSIX_PROCESS_TESTS = [
  "test/executor/local-executor.test.ts",
  "test/fallback/run-without-shell.test.ts",
  "test/io/spill-directory.test.ts",
  "test/managed/process-manager.test.ts",
  "test/run/run-command.test.ts",
  "test/surfaces/cli/run-signals.test.ts",
  "test/execution/terminate/terminate-marked.test.ts",
  "test/execution/environment/scrubbed-run.test.ts",
  "test/execution/spawn/long-command.test.ts",
  "test/execution/tasks/bounded-read.test.ts",
  "test/tasks/task-registry.test.ts",
  "test/terminate/process-table.test.ts",
  "test/terminate/terminate-tree.test.ts",
];

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // A private TMPDIR for the run, checked empty at the end (see the file).
    globalSetup: ["test/support/private-temp-directory.ts"],
    exclude: ["**/node_modules/**", ...(process.platform === "win32" ? POSIX_PROCESS_TESTS : [])],
    // Real processes are spawned in many tests; a hung one must fail, not stall CI.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: "forks",
  },
});
