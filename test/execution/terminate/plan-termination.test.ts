import { describe, expect, it } from "vitest";
import { planTermination } from "../../../src/execution/terminate/plan-termination.js";

// Never the bare name: Windows would look in the working directory first.
const TASKKILL = expect.stringMatching(/^[A-Za-z]:\\.*\\System32\\taskkill\.exe$/);

describe("planTermination", () => {
  it("POSIX: TERM the group and every member first, KILL them after the grace", () => {
    const plan = planTermination({ pid: 100, descendants: [101, 202], platform: "linux" });
    expect(plan.method).toBe("process-group");
    expect(plan.first).toEqual([
      { type: "signal-group", pgid: 100, signal: "SIGTERM" },
      { type: "signal-process", pid: 100, signal: "SIGTERM" },
      { type: "signal-process", pid: 101, signal: "SIGTERM" },
      { type: "signal-process", pid: 202, signal: "SIGTERM" },
    ]);
    expect(plan.afterGrace.map((step) => ("signal" in step ? step.signal : null))).toEqual([
      "SIGKILL",
      "SIGKILL",
      "SIGKILL",
      "SIGKILL",
    ]);
    expect(plan.fallback).toEqual([]);
  });

  it("POSIX: signals the given group when it differs from the root", () => {
    const plan = planTermination({ pid: 100, pgid: 90, descendants: [], platform: "darwin" });
    expect(plan.first[0]).toEqual({ type: "signal-group", pgid: 90, signal: "SIGTERM" });
  });

  it("Windows: taskkill /T /F with an argument array, per-pid /F as the fallback", () => {
    const plan = planTermination({ pid: 4242, descendants: [5000, 6000], platform: "win32" });
    expect(plan.method).toBe("taskkill");
    expect(plan.first).toEqual([
      { type: "command", file: TASKKILL, args: ["/T", "/F", "/PID", "4242"], pid: 4242 },
    ]);
    expect(plan.afterGrace).toEqual([]);
    expect(plan.fallback).toEqual([
      { type: "command", file: TASKKILL, args: ["/F", "/PID", "4242"], pid: 4242 },
      { type: "command", file: TASKKILL, args: ["/F", "/PID", "5000"], pid: 5000 },
      { type: "command", file: TASKKILL, args: ["/F", "/PID", "6000"], pid: 6000 },
    ]);
  });
});
