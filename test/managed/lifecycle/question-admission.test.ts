import { describe, expect, it } from "vitest";
import { admitQuestions, isExactAdmission } from "../../../src/managed/lifecycle/question-admission.js";

describe("question admission", () => {
  it("admits only an exact acknowledgement", () => {
    expect(isExactAdmission({ admitted: true, questionIds: ["a", "b"] }, ["a", "b"])).toBe(true);
    for (const answer of [
      null,
      undefined,
      {},
      true,
      { admitted: false, questionIds: ["a", "b"] },
      { admitted: true, questionIds: ["a"] },
      { admitted: true, questionIds: ["b", "a"] },
      { admitted: true, questionIds: ["a", "b", "c"] },
      { admitted: "true", questionIds: ["a", "b"] },
    ]) {
      expect(isExactAdmission(answer, ["a", "b"])).toBe(false);
    }
  });

  it("needs no capability without question ids", async () => {
    await expect(admitQuestions([], undefined)).resolves.toBeUndefined();
  });

  it("fails closed without a capability, on refusal and on a throwing host", async () => {
    await expect(admitQuestions(["q1"], undefined)).rejects.toThrow(/cannot be verified by this host/);
    await expect(admitQuestions(["q1"], () => ({ admitted: false }))).rejects.toThrow(/did not confirm/);
    await expect(admitQuestions(["q1"], async () => null)).rejects.toThrow(/did not confirm/);
    await expect(
      admitQuestions(["q1"], () => {
        throw new Error("Question was superseded");
      }),
    ).rejects.toThrow(/Question was superseded/);
    await expect(
      admitQuestions(["q1"], async (ids) => ({ admitted: true, questionIds: [...ids] })),
    ).resolves.toBeUndefined();
  });
});
