import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { createSafetyGate, type SafetyGate } from "../../src/safety/gate.js";
import { SAFETY_PROFILES, type SafetyProfile } from "../../src/safety/verdict.js";
import { PROJECT_CONTEXT } from "./project-context.js";

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const corpusFile = path.resolve(repositoryRoot, "../shared/corpus/safety-public.jsonl");

interface CorpusCase {
  command: string;
  expect: Record<SafetyProfile, "allow" | "block">;
  category: string;
  why: string;
}

const cases: CorpusCase[] = existsSync(corpusFile)
  ? readFileSync(corpusFile, "utf8")
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => JSON.parse(line) as CorpusCase)
  : [];

describe.skipIf(cases.length === 0)(`public safety corpus (${corpusFile})`, () => {
  const gates = new Map<SafetyProfile, SafetyGate>();
  beforeAll(async () => {
    for (const profile of SAFETY_PROFILES) gates.set(profile, await createSafetyGate({ profile }));
  });

  it("holds 240 cases", () => {
    expect(cases).toHaveLength(240);
  });

  for (const profile of SAFETY_PROFILES) {
    it(`every case passes in the ${profile} profile`, () => {
      const gate = gates.get(profile)!;
      const failures = cases
        .map((item) => ({ item, verdict: gate.check(item.command, PROJECT_CONTEXT) }))
        .filter(({ item, verdict }) => (verdict.allowed ? "allow" : "block") !== item.expect[profile])
        .map(
          ({ item, verdict }) =>
            `${JSON.stringify(item.command)}: expected ${item.expect[profile]}, got ${verdict.rule ?? "allow"} (${item.why})`,
        );
      expect(failures).toEqual([]);
    });
  }

  it("every blocked verdict names a rule, a reason sentence and a span inside the input", () => {
    const gate = gates.get("strict")!;
    for (const item of cases) {
      const verdict = gate.check(item.command, PROJECT_CONTEXT);
      if (verdict.allowed) continue;
      expect(verdict.rule).toMatch(/^[a-z]+(\.[a-z0-9_-]+)+$/);
      expect(verdict.reason).toMatch(/^Blocked: .+[.;]/);
      expect(verdict.span![0]).toBeGreaterThanOrEqual(0);
      expect(verdict.span![1]).toBeLessThanOrEqual(item.command.length);
    }
  });
});

if (cases.length === 0) {
  describe("public safety corpus", () => {
    it.skip(`skipped: ${corpusFile} is absent (it lives in the shared workspace, next to the repository)`, () => {});
  });
}
