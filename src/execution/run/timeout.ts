import {
  TIMEOUT_MAX_SECONDS,
  TIMEOUT_MIN_SECONDS,
  type TimeoutRangeTextOptions,
  timeoutRangeText,
  timeoutUnitHint,
} from "../../text/timeout-hints.js";
import { ExecutionError } from "./execution-error.js";

export const DEFAULT_TIMEOUT_SECONDS = 30;
export const MAX_TIMEOUT_SECONDS = TIMEOUT_MAX_SECONDS;

/** The hint for a seconds field that received milliseconds (undefined when none fits). Pure. */
export function millisecondsHint(seconds: number): string | undefined {
  return timeoutUnitHint(seconds, "seconds");
}

/** Checks a timeout in seconds (1–3600); the error carries the milliseconds hint when it fits. */
export function validateTimeoutSeconds(
  seconds: number,
  text: TimeoutRangeTextOptions = { field: "timeout" },
): number {
  if (!Number.isFinite(seconds) || seconds < TIMEOUT_MIN_SECONDS || seconds > MAX_TIMEOUT_SECONDS) {
    throw new ExecutionError("invalid-timeout", timeoutRangeText(seconds, "seconds", text));
  }
  return seconds;
}

/** Checks a timeout in milliseconds (1000–3,600,000); below 1000 it hints that seconds were meant. */
export function validateTimeoutMs(
  milliseconds: number,
  text: TimeoutRangeTextOptions = { field: "timeoutMs" },
): number {
  if (
    !Number.isFinite(milliseconds) ||
    milliseconds < TIMEOUT_MIN_SECONDS * 1000 ||
    milliseconds > MAX_TIMEOUT_SECONDS * 1000
  ) {
    throw new ExecutionError("invalid-timeout", timeoutRangeText(milliseconds, "milliseconds", text));
  }
  return milliseconds;
}

export interface TimeoutInput {
  /** Seconds. */
  readonly timeoutSeconds?: number | undefined;
  /** Seconds; the older name of `timeoutSeconds`. */
  readonly timeout?: number | undefined;
  readonly timeoutMs?: number | undefined;
  readonly defaultSeconds?: number | undefined;
}

/**
 * One deadline from every way of asking: when seconds and milliseconds are both given the earlier
 * one wins, never "whichever is set"; neither → the configured default.
 */
export function resolveTimeoutMs(input: TimeoutInput): number {
  const candidates: number[] = [];
  if (input.timeoutSeconds !== undefined)
    candidates.push(validateTimeoutSeconds(input.timeoutSeconds, { field: "timeoutSeconds" }) * 1000);
  if (input.timeout !== undefined) candidates.push(validateTimeoutSeconds(input.timeout) * 1000);
  if (input.timeoutMs !== undefined) candidates.push(validateTimeoutMs(input.timeoutMs));
  if (candidates.length === 0) {
    candidates.push(validateTimeoutSeconds(input.defaultSeconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000);
  }
  return Math.min(...candidates);
}
