import { defineConfig } from "vitest/config";

// These drive POSIX process semantics for real (process groups, setsid, signals, /proc, 0700 modes,
// a /bin/bash fixture). On Windows their counterparts live in test/windows/ (tree kill via taskkill,
// timeouts through Git Bash, the cross-spawn fallback), so they are left out there rather than faked.
export const POSIX_PROCESS_TESTS = [
  "test/api/admission/every-door.test.ts",
  "test/api/persistent-session.test.ts",
  "test/execution/environment/scrubbed-run.test.ts",
  "test/execution/executor/local-executor.test.ts",
  "test/execution/fallback/run-without-shell.test.ts",
  "test/execution/io/spill-directory.test.ts",
  "test/execution/run/run-command.test.ts",
  "test/execution/session/session-run.test.ts",
  "test/execution/spawn/long-command.test.ts",
  "test/execution/tasks/bounded-read.test.ts",
  "test/execution/tasks/task-registry.test.ts",
  "test/execution/terminate/process-table.test.ts",
  "test/execution/terminate/terminate-marked.test.ts",
  "test/execution/terminate/terminate-tree.test.ts",
  "test/managed/process-manager.test.ts",
  "test/surfaces/cli/run-signals.test.ts",
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
