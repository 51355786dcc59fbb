import type { ExpandedWord } from "../extract/expanded-word.js";
import type { Invocation } from "../extract/invocation.js";
import type { Scope } from "../extract/scope.js";
import type { RuleHit } from "../finding.js";

/** One normalised simple command, as the rules see it. */
export interface RuleInput {
  /** Lower-case command name without directories (`/usr/bin/SUDO` → `sudo`). */
  readonly name: string;
  readonly args: readonly ExpandedWord[];
  readonly invocation: Invocation;
  readonly scope: Scope;
}

export type Rule = (input: RuleInput) => RuleHit | undefined;

export function values(words: readonly ExpandedWord[]): string[] {
  return words.map((word) => word.value);
}

/** Operands of a GNU-style command: words that are not options, plus everything after `--`. */
export function operands(args: readonly ExpandedWord[], optionsWithArgument = ""): ExpandedWord[] {
  const result: ExpandedWord[] = [];
  let endOfOptions = false;
  for (let index = 0; index < args.length; index += 1) {
    const word = args[index]!;
    if (endOfOptions || !word.value.startsWith("-") || word.value === "-") result.push(word);
    else if (word.value === "--") endOfOptions = true;
    else if (!word.value.startsWith("--") && optionsWithArgument.includes(word.value.at(-1)!)) index += 1;
  }
  return result;
}

/** True when a short-option cluster or a long option among the args sets the flag. */
export function hasFlag(args: readonly ExpandedWord[], short: string, long: readonly string[] = []): boolean {
  for (const word of args) {
    const value = word.value;
    if (value === "--") return false;
    if (value.startsWith("--")) {
      if (long.includes(value.split("=", 1)[0]!)) return true;
    } else if (value.startsWith("-") && [...short].some((flag) => value.slice(1).includes(flag))) {
      return true;
    }
  }
  return false;
}
