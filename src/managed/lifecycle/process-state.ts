import type { ProcessState } from "../../reports/process-states.js";

// The states live with the other reports (src/reports), where src/text's result schemas read them.
export { PROCESS_STATES, type ProcessState } from "../../reports/process-states.js";

/** Why shellgate (not the command) ended a process; null when it ended on its own. */
export type TerminationReason = "cancel" | "timeout" | "session_closed";

/** What was observed about a process once it is over. */
export interface ObservedEnd {
  /** Exit code, or the negated signal number; null when the exit could not be observed. */
  readonly returncode: number | null;
  readonly cancellationRequested: boolean;
  readonly terminationReason: TerminationReason | null;
  /** Reading output failed (not merely truncated by retention). */
  readonly outputError: boolean;
}

/**
 * The final state, decided from observations only. Cancellation requested is not cancellation
 * observed: a process that was asked to stop but whose exit was never seen is `outcome_unknown`.
 * A timeout is a failure of the command; a nonzero exit is a failed command, not a failed action.
 */
export function decideFinalState(end: ObservedEnd): ProcessState {
  if (end.returncode === null) return "outcome_unknown";
  if (end.terminationReason === "timeout") return "failed";
  if (end.cancellationRequested && end.terminationReason !== null) return "cancelled";
  if (end.outputError || end.returncode !== 0) return "failed";
  return "completed";
}

export function isFinalState(state: ProcessState): boolean {
  return state !== "running" && state !== "cancel_requested";
}

/** Node reports a signal by name; the contract reports it as a negative return code. */
export function returncodeFromExit(
  code: number | null,
  signal: string | number | null,
  signalNumbers: Readonly<Record<string, number>>,
): number | null {
  if (code !== null) return code;
  if (typeof signal === "number") return -signal;
  if (typeof signal === "string") {
    const number = signalNumbers[signal];
    return number === undefined ? null : -number;
  }
  return null;
}
