import type { Verdict } from "../../safety/verdict.js";

export type ExecutionErrorCode =
  /** The safety gate refused the command; nothing was spawned. */
  | "blocked"
  /** The timeout value is out of range. */
  | "invalid-timeout"
  /** The command (or a variable given with it) cannot be delivered: a NUL byte. */
  | "invalid-command"
  /** The working directory is missing or not a directory. */
  | "bad-cwd"
  /** No shell is available for this kind, or the fallback refused shell syntax. */
  | "no-shell"
  /** The operating system could not start the process. */
  | "spawn-failed"
  /** The AbortSignal had fired before the command started. */
  | "aborted"
  /** `max_concurrent` commands are already running. */
  | "concurrency-limit"
  /** `max_background_tasks` background tasks are already running. */
  | "background-limit"
  /** Every one of `max_sessions` resident shells is running a command (`session: persistent`). */
  | "session-limit"
  /** `sandbox.mode` is `required` and the OS sandbox cannot run here; nothing was spawned. */
  | "sandbox-unavailable"
  /** The connection to a remote target broke while the command ran: how it ended is unknown. */
  | "target-lost";

/**
 * An infrastructure failure: the command did not run. A non-zero exit, a timeout or a kill is a
 * result, never this. The message says what happened and what to do instead.
 */
export class ExecutionError extends Error {
  override readonly name = "ExecutionError";
  constructor(
    readonly code: ExecutionErrorCode,
    message: string,
    readonly verdict?: Verdict,
  ) {
    super(message);
  }
}
