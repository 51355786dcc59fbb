import { describe, expect, it } from "vitest";
import {
  decideFinalState,
  isFinalState,
  returncodeFromExit,
} from "../../../src/managed/lifecycle/process-state.js";

const base = {
  returncode: 0,
  cancellationRequested: false,
  terminationReason: null,
  outputError: false,
} as const;

describe("decideFinalState", () => {
  it.each([
    [{ ...base }, "completed"],
    [{ ...base, returncode: 7 }, "failed"],
    [{ ...base, returncode: -15, terminationReason: "timeout" as const }, "failed"],
    [
      { ...base, returncode: -15, cancellationRequested: true, terminationReason: "cancel" as const },
      "cancelled",
    ],
    [
      { ...base, returncode: -9, cancellationRequested: true, terminationReason: "session_closed" as const },
      "cancelled",
    ],
    [
      { ...base, returncode: null, cancellationRequested: true, terminationReason: "cancel" as const },
      "outcome_unknown",
    ],
    [{ ...base, outputError: true }, "failed"],
  ])("%o → %s", (end, state) => {
    expect(decideFinalState(end)).toBe(state);
  });

  it("knows which states are final", () => {
    expect(isFinalState("running")).toBe(false);
    expect(isFinalState("cancel_requested")).toBe(false);
    expect(isFinalState("cancelled")).toBe(true);
    expect(isFinalState("outcome_unknown")).toBe(true);
  });
});

describe("returncodeFromExit", () => {
  it("negates signals", () => {
    expect(returncodeFromExit(3, null, {})).toBe(3);
    expect(returncodeFromExit(null, "SIGTERM", { SIGTERM: 15 })).toBe(-15);
    expect(returncodeFromExit(null, 9, {})).toBe(-9);
    expect(returncodeFromExit(null, null, {})).toBeNull();
  });
});
