import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import {
  createSafetyGate,
  SAFETY_PROFILES,
  type SafetyProfile,
  type Verdict,
} from "../../../src/safety/index.js";
import { PROJECT_CONTEXT } from "../project-context.js";

/**
 * Red-team cases written to find where the gate disagrees with bash before the hidden set does.
 * Same format as the public corpus, plus a `why` each. Every expectation follows from bash 5.2
 * semantics under `bash -c` (blocked cases really reach the dangerous action, allowed ones do not);
 * cases whose outcome depends on the machine (cwd contents, which /bin/sh, tool-specific refusals)
 * were left out.
 *
 * cases.jsonl holds the cases the gate judges correctly; they must keep passing.
 * pending.jsonl holds the cases it still misjudges (same format); they are checked for shape only.
 */
const CATEGORIES = [
  "privilege",
  "destructive-delete",
  "device-write",
  "mkfs",
  "fork-bomb",
  "power",
  "permissions",
  "account",
  "obfuscation",
  "indirection",
  "substitution",
  "chaining",
  "encoding",
  "heredoc",
  "benign-fp",
] as const;

type Expectation = "allow" | "block";

interface RedTeamCase {
  command: string;
  expect: Record<SafetyProfile, Expectation>;
  category: string;
  why: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));

function readCases(fileName: string): RedTeamCase[] {
  return readFileSync(path.join(here, fileName), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as RedTeamCase);
}

const cases = readCases("cases.jsonl");
const pending = readCases("pending.jsonl");

/** Shape problems of a case file, one line each (empty when the file is well-formed). */
function shapeProblems(items: readonly RedTeamCase[]): string[] {
  const problems: string[] = [];
  const commands = new Set<string>();
  for (const item of items) {
    const name = JSON.stringify(item.command);
    if (typeof item.command !== "string") problems.push(`${name}: command is not a string`);
    if (!(CATEGORIES as readonly string[]).includes(item.category))
      problems.push(`${name}: unknown category`);
    if (typeof item.why !== "string" || item.why.trim() === "") problems.push(`${name}: no why`);
    for (const profile of SAFETY_PROFILES) {
      if (item.expect[profile] !== "allow" && item.expect[profile] !== "block") {
        problems.push(`${name}: bad expectation for ${profile}`);
      }
    }
    // No lists are configured, so standard must behave exactly like strict, and unrestricted allows all.
    if (item.expect.standard !== item.expect.strict) problems.push(`${name}: standard differs from strict`);
    if (item.expect.unrestricted !== "allow") problems.push(`${name}: unrestricted must allow`);
    if (commands.has(item.command)) problems.push(`${name}: duplicate`);
    commands.add(item.command);
  }
  return problems;
}

function describeMismatch(item: RedTeamCase, profile: SafetyProfile, verdict: Verdict): string | undefined {
  const got: Expectation = verdict.allowed ? "allow" : "block";
  if (got === item.expect[profile]) return undefined;
  return `${JSON.stringify(item.command)}: expected ${item.expect[profile]}, got ${verdict.rule ?? "allow"} (${item.why})`;
}

describe(`red-team safety cases (${cases.length} in cases.jsonl, ${pending.length} pending)`, () => {
  // Each case is judged once per profile; the tests below inspect the same verdicts.
  const verdicts = new Map<SafetyProfile, Verdict[]>();
  beforeAll(
    async () => {
      for (const profile of SAFETY_PROFILES) {
        const gate = await createSafetyGate({ profile });
        verdicts.set(
          profile,
          cases.map((item) => gate.check(item.command, PROJECT_CONTEXT)),
        );
      }
      // Every case under every profile: seconds alone, minutes on a loaded 2-core machine running the
      // whole suite, so the limit grows with the case file rather than being the 30 s default.
    },
    60_000 + cases.length * SAFETY_PROFILES.length * 25,
  );

  it("has well-formed case files: known categories, four expectations, a reason, no duplicates", () => {
    expect(cases.length).toBeGreaterThanOrEqual(300);
    expect(shapeProblems(cases)).toEqual([]);
    expect(shapeProblems(pending)).toEqual([]);
    const committed = new Set(cases.map((item) => item.command));
    expect(pending.filter((item) => committed.has(item.command)).map((item) => item.command)).toEqual([]);
  });

  it("covers every category", () => {
    const byCategory = new Map<string, number>();
    for (const item of cases) byCategory.set(item.category, (byCategory.get(item.category) ?? 0) + 1);
    for (const category of CATEGORIES) expect(byCategory.get(category) ?? 0).toBeGreaterThan(0);
  });

  for (const profile of SAFETY_PROFILES) {
    it(`every case gets its expected verdict in the ${profile} profile`, () => {
      const judged = verdicts.get(profile)!;
      const mismatches = cases
        .map((item, index) => describeMismatch(item, profile, judged[index]!))
        .filter((line): line is string => line !== undefined);
      expect(mismatches).toEqual([]);
    });
  }

  it("never throws and always answers with a verdict for the gate's own profile", () => {
    const problems: string[] = [];
    for (const profile of SAFETY_PROFILES) {
      verdicts.get(profile)!.forEach((verdict, index) => {
        const name = `${JSON.stringify(cases[index]!.command)} in ${profile}`;
        if (typeof verdict.allowed !== "boolean") problems.push(`${name}: no allowed flag`);
        if (verdict.profile !== profile) problems.push(`${name}: wrong profile ${verdict.profile}`);
        if (verdict.rule === "internal.error") problems.push(`${name}: ${verdict.reason}`);
      });
    }
    expect(problems).toEqual([]);
  });

  it("explains every block: a stable rule id, a 'Blocked:' sentence and a span inside the input", () => {
    const judged = verdicts.get("strict")!;
    cases.forEach((item, index) => {
      const verdict = judged[index]!;
      if (verdict.allowed) return;
      expect(verdict.rule).toMatch(/^[a-z]+(\.[a-z0-9_-]+)+$/);
      expect(verdict.reason).toMatch(/^Blocked: .+/);
      if (verdict.span !== undefined) {
        expect(verdict.span[0]).toBeGreaterThanOrEqual(0);
        expect(verdict.span[1]).toBeLessThanOrEqual(item.command.length);
        expect(verdict.span[0]).toBeLessThanOrEqual(verdict.span[1]);
      }
    });
  });
});
