import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import {
  createSafetyGate,
  SAFETY_PROFILES,
  type SafetyContext,
  type SafetyGate,
  type SafetyProfile,
} from "../../src/safety/index.js";

/**
 * The gate's own case files beside the public corpus, in its format plus an optional `context` (where
 * the command runs): context-cases (cwd, home, `cd`, `~`), windows-cases (drive paths, cmd, PowerShell,
 * WSL), scope-cases (what strict protects beyond `/` and the home), false-positive-cases (idioms users
 * run and valid bash the grammar misses). Each has must-block and must-pass cases.
 */
interface FileCase {
  command: string;
  expect: Record<SafetyProfile, "allow" | "block">;
  category: string;
  why: string;
  context?: SafetyContext;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const FILES = [
  "context-cases.jsonl",
  "windows-cases.jsonl",
  "scope-cases.jsonl",
  "false-positive-cases.jsonl",
];

function readCases(file: string): FileCase[] {
  return readFileSync(path.join(here, "cases", file), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as FileCase);
}

const gates = new Map<SafetyProfile, SafetyGate>();
beforeAll(async () => {
  for (const profile of SAFETY_PROFILES) gates.set(profile, await createSafetyGate({ profile }));
});

for (const file of FILES) {
  const cases = readCases(file);
  describe(`${file} (${cases.length} cases)`, () => {
    it("has must-block and must-pass cases, each with a reason", () => {
      expect(cases.some((item) => item.expect.strict === "block")).toBe(true);
      expect(cases.some((item) => item.expect.strict === "allow")).toBe(true);
      for (const item of cases) expect(item.why.length).toBeGreaterThan(3);
    });

    for (const profile of SAFETY_PROFILES) {
      it(`every case gets its expected verdict in the ${profile} profile`, () => {
        const gate = gates.get(profile)!;
        const mismatches = cases.flatMap((item) => {
          const verdict = gate.check(item.command, item.context);
          const got = verdict.allowed ? "allow" : "block";
          return got === item.expect[profile]
            ? []
            : [
                `${JSON.stringify(item.command)}: expected ${item.expect[profile]}, got ${verdict.rule ?? "allow"} (${item.why})`,
              ];
        });
        expect(mismatches).toEqual([]);
      });
    }
  });
}
