import { describe, expect, it } from "vitest";
import { millisecondsHint, resolveTimeoutMs } from "../../src/execution/run/timeout.js";

describe("timeouts", () => {
  it("defaults to 30 s, or the configured default", () => {
    expect(resolveTimeoutMs({})).toBe(30_000);
    expect(resolveTimeoutMs({ defaultSeconds: 5 })).toBe(5000);
  });

  it("combines seconds and milliseconds into one deadline: the earlier wins", () => {
    expect(resolveTimeoutMs({ timeout: 10, timeoutMs: 2500 })).toBe(2500);
    expect(resolveTimeoutMs({ timeout: 1, timeoutMs: 2500 })).toBe(1000);
  });

  it("refuses out-of-range values, hinting at milliseconds when the value looks like them", () => {
    expect(() => resolveTimeoutMs({ timeout: 30_000 })).toThrow(
      "timeout must be between 1 and 3600 seconds, got 30000. It looks like you passed milliseconds; did you mean 30 seconds?",
    );
    expect(() => resolveTimeoutMs({ timeout: 4000.5 })).toThrow(/got 4000.5\. For longer work/);
    expect(() => resolveTimeoutMs({ timeout: 0 })).toThrow(/between 1 and 3600/);
    expect(() => resolveTimeoutMs({ timeoutMs: -1 })).toThrow(/timeoutMs must be greater than 0/);
    expect(millisecondsHint(3600)).toBeUndefined();
    expect(millisecondsHint(5000)).toBe("It looks like you passed milliseconds; did you mean 5 seconds?");
    expect(millisecondsHint(5001)).toBeUndefined();
  });
});
