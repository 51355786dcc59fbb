import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { millisecondsHint, resolveTimeoutMs } from "../../../src/execution/run/timeout.js";
import { timeoutUnitHint } from "../../../src/text/timeout-hints.js";

describe("timeouts", () => {
  it("defaults to 30 s, or the configured default", () => {
    expect(resolveTimeoutMs({})).toBe(30_000);
    expect(resolveTimeoutMs({ defaultSeconds: 5 })).toBe(5000);
  });

  it("combines seconds and milliseconds into one deadline: the earlier wins", () => {
    expect(resolveTimeoutMs({ timeout: 10, timeoutMs: 2500 })).toBe(2500);
    expect(resolveTimeoutMs({ timeout: 1, timeoutMs: 2500 })).toBe(1000);
    expect(resolveTimeoutMs({ timeoutSeconds: 2, timeout: 10 })).toBe(2000);
  });

  it("refuses out-of-range values, hinting at milliseconds when the value looks like them", () => {
    expect(() => resolveTimeoutMs({ timeout: 30_000 })).toThrow(
      "timeout must be between 1 and 3600 seconds, got 30000. It looks like you passed milliseconds; did you mean 30 seconds?",
    );
    expect(() => resolveTimeoutMs({ timeout: 4000.5 })).toThrow(/got 4000.5\. For longer work/);
    expect(() => resolveTimeoutMs({ timeout: 0 })).toThrow(/between 1 and 3600/);
    expect(() => resolveTimeoutMs({ timeoutSeconds: 0 })).toThrow(
      /^timeoutSeconds must be between 1 and 3600/,
    );
    expect(millisecondsHint(3600)).toBeUndefined();
    expect(millisecondsHint(5000)).toBe("It looks like you passed milliseconds; did you mean 5 seconds?");
    expect(millisecondsHint(5001)).toBeUndefined();
  });

  it("hints that a timeoutMs below 1000 was meant as seconds", () => {
    expect(() => resolveTimeoutMs({ timeoutMs: 120 })).toThrow(
      "timeoutMs must be between 1000 and 3600000 milliseconds (1 second to 1 hour), got 120. It looks like you passed seconds; did you mean 120000 (120 seconds)?",
    );
    expect(() => resolveTimeoutMs({ timeoutMs: -1 })).toThrow(
      /^timeoutMs must be between 1000 and 3600000 .*got -1\.$/,
    );
  });

  it("never suggests an out-of-range value (1e12 seconds is not 'did you mean 1000000000 seconds')", () => {
    expect(millisecondsHint(1e12)).toBeUndefined();
    expect(() => resolveTimeoutMs({ timeout: 1e12 })).toThrow(
      "timeout must be between 1 and 3600 seconds, got 1000000000000. For longer work use run_in_background.",
    );
  });

  it("does not tell a too-small value to use run_in_background", () => {
    for (const input of [{ timeout: 0 }, { timeout: 0.5 }, { timeoutMs: 0.5 }, { timeoutMs: 999 }]) {
      expect(() => resolveTimeoutMs(input)).toThrow(/^(?!.*run_in_background)/);
    }
  });

  it("hints symmetrically, and every suggestion is itself accepted", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -10, max: 10_000_000 }), fc.double({ noNaN: true })),
        (value) => {
          const asSeconds = timeoutUnitHint(value, "seconds");
          if (asSeconds !== undefined) {
            const suggested = Number(/did you mean (\S+) seconds/.exec(asSeconds)?.[1]);
            expect(resolveTimeoutMs({ timeout: suggested })).toBe(suggested * 1000);
            expect(value).toBe(suggested * 1000);
          }
          const asMilliseconds = timeoutUnitHint(value, "milliseconds");
          if (asMilliseconds !== undefined) {
            const suggested = Number(/did you mean (\d+) /.exec(asMilliseconds)?.[1]);
            expect(resolveTimeoutMs({ timeoutMs: suggested })).toBe(suggested);
            expect(value).toBe(suggested / 1000);
          }
        },
      ),
    );
  });
});
