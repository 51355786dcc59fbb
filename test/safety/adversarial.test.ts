import { beforeAll, describe, expect, it } from "vitest";
import { createSafetyGate, type SafetyGate } from "../../src/safety/gate.js";
import { SAFETY_PROFILES } from "../../src/safety/verdict.js";
import { ADVERSARIAL_CASES } from "./cases/adversarial-cases.js";
import { PROJECT_CONTEXT } from "./project-context.js";

describe("adversarial and false-positive cases beyond the corpus", () => {
  let gates: SafetyGate[] = [];
  beforeAll(async () => {
    gates = await Promise.all(SAFETY_PROFILES.map((profile) => createSafetyGate({ profile })));
  });

  it("judges every case as expected in all four profiles", () => {
    const failures = ADVERSARIAL_CASES.flatMap((item) => {
      const got = gates
        .map((gate) => (gate.check(item.command, PROJECT_CONTEXT).allowed ? "A" : "B"))
        .join("");
      return got === item.expect
        ? []
        : [`${JSON.stringify(item.command)} (${item.why}): expected ${item.expect}, got ${got}`];
    });
    expect(failures).toEqual([]);
  });
});
