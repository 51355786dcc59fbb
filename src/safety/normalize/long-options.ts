import { type ExpandedWord, escapeGlob } from "../extract/expanded-word.js";
import type { Invocation } from "../extract/invocation.js";
import { LONG_OPTION_TABLES } from "./long-option-tables.js";
import { WRAPPERS } from "./wrappers.js";

type Argument = "none" | "required" | "optional";

interface LongOption {
  readonly name: string;
  readonly argument: Argument;
}

/**
 * Programs whose getopt string starts with `+`: options end at the first operand, the command that
 * follows (every wrapper, and the runners unwrapped by name).
 */
const RUNNERS = new Set(["env", "xargs", "flock", "watch", "su", "runuser", "find", "gdb"]);

function stopsAtOperand(program: string): boolean {
  return RUNNERS.has(program) || Object.hasOwn(WRAPPERS, program);
}

/** Options a program accepts only when spelled out in full (GNU rm refuses `--no-p`). */
const UNABBREVIATED: Readonly<Record<string, readonly string[]>> = { rm: ["no-preserve-root"] };

const parsed = new Map<string, readonly LongOption[]>();

function optionsOf(program: string): readonly LongOption[] | undefined {
  const cached = parsed.get(program);
  if (cached) return cached;
  // Program names come from the command: `__proto__` must not reach Object's prototype.
  if (!Object.hasOwn(LONG_OPTION_TABLES, program)) return undefined;
  const entries = LONG_OPTION_TABLES[program]!.split(" ");
  const options = entries.map((entry): LongOption => {
    if (entry.endsWith("[=]")) return { name: entry.slice(0, -3), argument: "optional" };
    if (entry.endsWith("=")) return { name: entry.slice(0, -1), argument: "required" };
    return { name: entry, argument: "none" };
  });
  parsed.set(program, options);
  return options;
}

export type LongOptionMatch =
  | { readonly option: LongOption }
  | { readonly ambiguous: readonly string[] }
  | undefined;

/**
 * The long option a `--word` names, as getopt_long decides it: an exact name wins, otherwise a prefix
 * of exactly one option; a prefix of several is ambiguous (the program stops with a usage error).
 */
export function matchLongOption(program: string, word: string): LongOptionMatch {
  const options = optionsOf(program);
  if (!options || !word.startsWith("--") || word === "--") return undefined;
  const name = word.slice(2).split("=", 1)[0]!;
  if (name === "") return undefined;
  const exact = options.find((option) => option.name === name);
  if (exact) return { option: exact };
  const candidates = options.filter((option) => option.name.startsWith(name));
  if (candidates.length === 1) return { option: candidates[0]! };
  return candidates.length > 1 ? { ambiguous: candidates.map((option) => option.name) } : undefined;
}

function spelledOut(word: ExpandedWord, name: string): ExpandedWord {
  const equals = word.value.indexOf("=");
  const value = `--${name}${equals === -1 ? "" : word.value.slice(equals)}`;
  return { ...word, value, pattern: escapeGlob(value) };
}

/**
 * The invocation with every abbreviated long option spelled out (`rm --rec --for` → `--recursive
 * --force`), so that rules compare whole names; "refused" when an ambiguous prefix stops the program. Only programs with a table are touched; the words
 * of a wrapped command are left for its own turn.
 */
export function withLongOptionsSpelledOut(program: string, invocation: Invocation): Invocation | "refused" {
  if (!optionsOf(program)) return invocation;
  const words = [...invocation.words];
  let changed = false;
  for (let index = 1; index < words.length; index += 1) {
    const word = words[index]!;
    const value = word.value;
    if (value === "--") break;
    if (!value.startsWith("-") || value === "-") {
      if (stopsAtOperand(program)) break;
      continue;
    }
    const match = matchLongOption(program, value);
    // getopt_long reports an ambiguous prefix and the program stops with a usage error, running nothing.
    if (match && "ambiguous" in match) return "refused";
    if (!match) continue;
    const name = value.split("=", 1)[0]!;
    if (
      (Object.hasOwn(UNABBREVIATED, program) ? UNABBREVIATED[program] : undefined)?.includes(
        match.option.name,
      ) &&
      name !== `--${match.option.name}`
    )
      return "refused";
    if (`--${match.option.name}` !== name) {
      words[index] = spelledOut(word, match.option.name);
      changed = true;
    }
    if (match.option.argument === "required" && !value.includes("=")) index += 1;
  }
  return changed ? { ...invocation, words } : invocation;
}
