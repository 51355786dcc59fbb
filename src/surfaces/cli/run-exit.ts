import type { InterruptSignal } from "./interrupter.js";
import { interruptExitCode } from "./interrupter.js";

/**
 * Why `shellgate run` ended, and the exit code that says so. The command's own code passes through
 * untouched (scripts depend on it); shellgate's own failures use the BSD `sysexits.h` codes, which
 * commands rarely use, so "bad input" is no longer the same number as "the command exited 2".
 */
export type RunExitReason =
  /** The command ran and exited on its own: its exit code. */
  | "command"
  /** The deadline fired: 124, as `timeout(1)`. */
  | "timeout"
  /** A signal killed the command: 128 + N. */
  | "signal"
  /** shellgate itself got SIGINT/SIGTERM/SIGHUP, or its stdout closed: 130/143/129/141. */
  | "interrupted"
  /** Bad flags, config, timeout or command text: 64 (EX_USAGE); nothing ran. */
  | "input-error"
  /** The safety gate refused the command: 77 (EX_NOPERM); nothing ran. */
  | "blocked"
  /** No shell, a bad working directory, a spawn failure, a full concurrency limit: 69 (EX_UNAVAILABLE). */
  | "not-started";

export interface RunExit {
  readonly code: number;
  readonly reason: RunExitReason;
}

export const INPUT_ERROR_EXIT = 64;
export const BLOCKED_EXIT = 77;
export const NOT_STARTED_EXIT = 69;

export function interruptedExit(signal: InterruptSignal): RunExit {
  return { code: interruptExitCode(signal), reason: "interrupted" };
}

/** The exit for a failure before anything ran, from the `ExecutionError` code. */
export function notStartedExit(errorCode: string): RunExit {
  if (errorCode === "blocked") return { code: BLOCKED_EXIT, reason: "blocked" };
  if (errorCode === "invalid-timeout" || errorCode === "invalid-command") {
    return { code: INPUT_ERROR_EXIT, reason: "input-error" };
  }
  return { code: NOT_STARTED_EXIT, reason: "not-started" };
}

/** The exit for a finished run: 124 on timeout, 128+N on a signal, else the command's code. */
export function resultExit(result: {
  readonly timedOut: boolean;
  readonly signal: string | null;
  readonly exitCode: number | null;
  readonly cliCode: number;
}): RunExit {
  if (result.timedOut) return { code: result.cliCode, reason: "timeout" };
  if (result.signal) return { code: result.cliCode, reason: "signal" };
  return { code: result.cliCode, reason: "command" };
}
