import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import {
  createSafetyGate,
  SAFETY_PROFILES,
  type SafetyContext,
  type SafetyProfile,
} from "../../src/safety/index.js";
import { caseContext } from "./project-context.js";

/**
 * Cases for the parts of bash the gate models (brace ranges, long-option prefixes, arithmetic that runs
 * substitutions, start-up hooks, programs that run code, renamed commands, scheduled jobs), one file per
 * category under cases/, in the public corpus's format. Every must-block case reaches its dangerous
 * action in real bash and every must-pass case does not: `node scripts/safety/verify-in-bash.mjs --cases
 * test/safety/cases/*.jsonl` checks that in a sandbox (scripts/safety/README.md).
 */
interface Case {
  command: string;
  expect: Record<SafetyProfile, "allow" | "block">;
  category: string;
  why: string;
  /** Where the command runs (context-, windows- and scope-cases); absent: anywhere. */
  context?: SafetyContext;
}

const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), "cases");
const files = readdirSync(folder).filter((name) => name.endsWith("-cases.jsonl"));

function read(file: string): Case[] {
  return readFileSync(path.join(folder, file), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Case);
}

const gates = new Map<SafetyProfile, Awaited<ReturnType<typeof createSafetyGate>>>();
beforeAll(async () => {
  for (const profile of SAFETY_PROFILES) gates.set(profile, await createSafetyGate({ profile }));
});

describe("bash-semantics case files", () => {
  it("has a file for each category, each with must-block and must-pass cases", () => {
    expect(files.length).toBeGreaterThanOrEqual(7);
    for (const file of files) {
      const cases = read(file);
      expect(
        cases.some((item) => item.expect.strict === "block"),
        file,
      ).toBe(true);
      expect(
        cases.some((item) => item.expect.strict === "allow"),
        file,
      ).toBe(true);
    }
  });

  for (const file of files) {
    it(`${file}: every case gets its expected verdict in all four profiles`, () => {
      const wrong: string[] = [];
      for (const item of read(file)) {
        for (const profile of SAFETY_PROFILES) {
          const verdict = gates.get(profile)!.check(item.command, caseContext(item.context));
          const got = verdict.allowed ? "allow" : "block";
          if (got !== item.expect[profile])
            wrong.push(
              `${profile}: ${JSON.stringify(item.command)} expected ${item.expect[profile]}, got ${verdict.rule ?? "allow"}`,
            );
        }
      }
      expect(wrong).toEqual([]);
    });
  }
});
