import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { SafetyContext } from "../../src/safety/context.js";
import { ADVERSARIAL_CASES } from "./cases/adversarial-cases.js";

/** A command some test judges, and where it runs. */
export interface CaseCommand {
  readonly command: string;
  readonly context?: SafetyContext;
}

const here = path.dirname(fileURLToPath(import.meta.url));

function jsonLines(file: string): CaseCommand[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as CaseCommand);
}

/**
 * Every command of the public corpus, of the case files under cases/ and of the red-team set: what
 * tests that compare two ways of reaching the same verdict run through both.
 */
export function everyCaseCommand(): CaseCommand[] {
  const folder = path.join(here, "cases");
  return [
    ...jsonLines(path.resolve(here, "../../../shared/corpus/safety-public.jsonl")),
    ...readdirSync(folder)
      .filter((name) => name.endsWith(".jsonl"))
      .flatMap((name) => jsonLines(path.join(folder, name))),
    ...ADVERSARIAL_CASES.map(({ command }) => ({ command })),
    ...jsonLines(path.join(here, "redteam/cases.jsonl")),
    ...jsonLines(path.join(here, "redteam/pending.jsonl")),
  ];
}
