import { ExecutionError } from "./execution-error.js";

export const DEFAULT_TIMEOUT_SECONDS = 30;
export const MAX_TIMEOUT_SECONDS = 3600;

/** The hint for a seconds field that received milliseconds. Pure. */
export function millisecondsHint(seconds: number): string | undefined {
  if (seconds > MAX_TIMEOUT_SECONDS && seconds % 1000 === 0) {
    return `It looks like you passed milliseconds; did you mean ${seconds / 1000} seconds?`;
  }
  return undefined;
}

/** Checks a `timeout` in seconds (1–3600); the error carries the milliseconds hint when it fits. */
export function validateTimeoutSeconds(seconds: number): number {
  if (!Number.isFinite(seconds) || seconds < 1 || seconds > MAX_TIMEOUT_SECONDS) {
    const hint = millisecondsHint(seconds);
    throw new ExecutionError(
      "invalid-timeout",
      `timeout must be between 1 and ${MAX_TIMEOUT_SECONDS} seconds, got ${seconds}.${hint ? ` ${hint}` : ""} For longer work use run_in_background.`,
    );
  }
  return seconds;
}

export function validateTimeoutMs(milliseconds: number): number {
  if (!Number.isFinite(milliseconds) || milliseconds <= 0 || milliseconds > MAX_TIMEOUT_SECONDS * 1000) {
    throw new ExecutionError(
      "invalid-timeout",
      `timeoutMs must be greater than 0 and at most ${MAX_TIMEOUT_SECONDS * 1000}, got ${milliseconds}. For longer work use run_in_background.`,
    );
  }
  return milliseconds;
}

export interface TimeoutInput {
  readonly timeout?: number | undefined;
  readonly timeoutMs?: number | undefined;
  readonly defaultSeconds?: number | undefined;
}

/**
 * One deadline from both ways of asking: when `timeout` (seconds) and `timeoutMs` are both given the
 * earlier one wins, never "whichever is set"; neither → the configured default.
 */
export function resolveTimeoutMs(input: TimeoutInput): number {
  const candidates: number[] = [];
  if (input.timeout !== undefined) candidates.push(validateTimeoutSeconds(input.timeout) * 1000);
  if (input.timeoutMs !== undefined) candidates.push(validateTimeoutMs(input.timeoutMs));
  if (candidates.length === 0) {
    candidates.push(validateTimeoutSeconds(input.defaultSeconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000);
  }
  return Math.min(...candidates);
}
