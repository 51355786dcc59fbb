/**
 * What the model is told about a timeout outside its range. Both units share one range (1 s to
 * 1 hour) and the hints are symmetric: a value that is out of range in its own unit but lands
 * inside the range read in the other unit gets "did you mean", and no hint ever suggests a value
 * that would itself be refused. Pure: numbers in, sentences out.
 */

export const TIMEOUT_MIN_SECONDS = 1;
export const TIMEOUT_MAX_SECONDS = 3600;

export type TimeoutUnit = "seconds" | "milliseconds";

function inSecondsRange(seconds: number): boolean {
  return Number.isInteger(seconds) && seconds >= TIMEOUT_MIN_SECONDS && seconds <= TIMEOUT_MAX_SECONDS;
}

/** "did you mean …" for an out-of-range value that reads as in range in the other unit; else undefined. */
export function timeoutUnitHint(value: number, unit: TimeoutUnit): string | undefined {
  if (!Number.isFinite(value)) return undefined;
  if (unit === "seconds") {
    if (value > TIMEOUT_MAX_SECONDS && inSecondsRange(value / 1000)) {
      return `It looks like you passed milliseconds; did you mean ${value / 1000} seconds?`;
    }
    return undefined;
  }
  if (value < TIMEOUT_MIN_SECONDS * 1000 && inSecondsRange(value)) {
    return `It looks like you passed seconds; did you mean ${value * 1000} (${value} seconds)?`;
  }
  return undefined;
}

export interface TimeoutRangeTextOptions {
  /** The field as the caller spelled it: `timeout`, `timeoutMs`, `--timeout`. */
  readonly field: string;
  /** Where longer work goes on this surface (`run_in_background`, `--background`). */
  readonly longerWork?: string;
}

/** The one-sentence refusal of an out-of-range timeout, with the hint when one fits. */
export function timeoutRangeText(value: number, unit: TimeoutUnit, options: TimeoutRangeTextOptions): string {
  const range =
    unit === "seconds"
      ? `between ${TIMEOUT_MIN_SECONDS} and ${TIMEOUT_MAX_SECONDS} seconds`
      : `between ${TIMEOUT_MIN_SECONDS * 1000} and ${TIMEOUT_MAX_SECONDS * 1000} milliseconds (1 second to 1 hour)`;
  const hint = timeoutUnitHint(value, unit);
  const maximum = unit === "seconds" ? TIMEOUT_MAX_SECONDS : TIMEOUT_MAX_SECONDS * 1000;
  // Only a value that is too long is pointed at background work; a too-short one is a mistake.
  const longer =
    hint === undefined && value > maximum
      ? ` For longer work use ${options.longerWork ?? "run_in_background"}.`
      : "";
  return `${options.field} must be ${range}, got ${value}.${hint ? ` ${hint}` : ""}${longer}`;
}
