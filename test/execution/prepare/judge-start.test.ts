import { describe, expect, it } from "vitest";
import { judgeStart, recordAdmission, type StartCheck } from "../../../src/execution/prepare/judge-start.js";
import type { SafetyContext } from "../../../src/safety/context.js";
import type { Verdict } from "../../../src/safety/verdict.js";

const ALLOWED: Verdict = { allowed: true, profile: "strict" };
const place = { cwd: "/work/app", env: { HOME: "/home/alice" } };

function countingCheck(): { check: StartCheck; contexts: SafetyContext[] } {
  const contexts: SafetyContext[] = [];
  return {
    contexts,
    check: (_command, context) => {
      contexts.push(context);
      return { allowed: true, profile: "strict" };
    },
  };
}

describe("judgeStart", () => {
  it("asks the gate with the start's context when no admission covers it", () => {
    const { check, contexts } = countingCheck();
    expect(judgeStart("ls", place, { check })).toEqual(ALLOWED);
    expect(contexts).toEqual([{ cwd: "/work/app", home: "/home/alice", env: place.env }]);
  });

  it("honours the admission's own verdict for this command here, and judges anything else again", () => {
    const { check, contexts } = countingCheck();
    const admitted = { ...ALLOWED };
    recordAdmission(admitted, "ls", "/work/app");
    expect(judgeStart("ls", place, { verdict: admitted, check })).toBe(admitted);
    expect(contexts).toHaveLength(0);
    judgeStart("rm -rf *", place, { verdict: admitted, check });
    judgeStart("ls", { ...place, cwd: "/" }, { verdict: admitted, check });
    judgeStart("ls", place, { verdict: { allowed: true, profile: "strict" }, check });
    expect(contexts.map((context) => context.cwd)).toEqual(["/work/app", "/", "/work/app"]);
  });

  it("lets a blocking verdict stand, and judges nothing without a gate", () => {
    const blocked: Verdict = { allowed: false, profile: "strict", rule: "delete.root" };
    expect(judgeStart("ls", place, { verdict: blocked, check: countingCheck().check })).toBe(blocked);
    expect(judgeStart("ls", place, {})).toBeUndefined();
  });
});
