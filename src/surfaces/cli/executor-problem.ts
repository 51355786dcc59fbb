import { ConfigError } from "../../config/config-error.js";
import { isExecutorError } from "../../execution/remote/executor-error.js";
import { ExecutorFlagError } from "./executor-flag.js";

// Apart from executor-option.ts, which parses with the config schema: main.ts needs only this
// test, and importing it must not load zod on every CLI start.

/**
 * Whether an error is about where commands run — a bad `--executor`, a config `executor` shellgate
 * could not read, a target that cannot be reached or used: the CLI says it in one line and exits
 * 69 (EX_UNAVAILABLE), as for any command that could not start.
 */
export function isExecutorProblem(error: unknown): error is Error {
  if (error instanceof ExecutorFlagError || isExecutorError(error)) return true;
  return (
    error instanceof ConfigError && error.keys.length > 0 && error.keys.every((key) => key === "executor")
  );
}
