/** Why a managed-process action failed; stable for hosts, the message is for the model. */
export type ManagedProcessErrorCode =
  | "invalid_input"
  | "unknown_process"
  | "evicted_process"
  | "wrong_owner"
  | "session_closed"
  | "blocked"
  | "concurrency_limit"
  | "record_limit"
  | "questions_not_admitted"
  | "pty_unavailable"
  | "stdin_refused"
  | "stdin_closed"
  | "stdin_outcome_unknown"
  | "terminal_eof_refused"
  | "stdin_close_unsupported"
  | "process_exited"
  | "spawn_failed"
  | "sandbox_unavailable"
  | "cursor_out_of_range"
  | "cancelled";

/**
 * A managed-process action that did not happen (or whose outcome is unknown). The message says
 * what happened, why, and what to do instead; the tool layer turns it into a failed tool result.
 */
export class ManagedProcessError extends Error {
  readonly code: ManagedProcessErrorCode;

  constructor(code: ManagedProcessErrorCode, message: string) {
    super(message);
    this.name = "ManagedProcessError";
    this.code = code;
  }
}
