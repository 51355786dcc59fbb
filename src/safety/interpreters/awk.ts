import type { ExpandedWord } from "../extract/expanded-word.js";
import { literalWord } from "../extract/expanded-word.js";
import type { Scope } from "../extract/scope.js";
import type { RuleHit } from "../finding.js";
import type { Nested } from "../normalize/nested.js";
import { judgeWriteTarget } from "../rules/write-targets.js";
import { foldStrings } from "./fold-strings.js";
import { insideStrings } from "./string-literals.js";

function program(
  args: readonly ExpandedWord[],
  fileText: (word: ExpandedWord) => string | undefined,
): string | undefined {
  const sources: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const value = args[index]!.value;
    if (value === "-f" || value === "--file") {
      const file = args[index + 1];
      const text = file ? fileText(file) : undefined;
      if (text !== undefined) sources.push(text);
      index += 1;
      continue;
    }
    if (value === "-e" || value === "--source") {
      sources.push(args[index + 1]?.value ?? "");
      index += 1;
    } else if (value === "-F" || value === "-v" || value === "--assign" || value === "--field-separator")
      index += 1;
    else if (value === "--") return args[index + 1]?.value;
    else if (!value.startsWith("-") || value === "-") return sources.length > 0 ? sources.join("\n") : value;
  }
  return sources.length > 0 ? sources.join("\n") : undefined;
}

const SHELL_COMMAND = /^\s*(?:\S*\/)?(?:ba|da|z|k|mk|a)?sh(?:\s+-s)?\s*$/;

/** The literal printed into a pipe at `at` (`print "cmd" | "sh"`); unknown when it is not one. */
function printedScript(code: string, at: number): Nested {
  const before = code.slice(0, at);
  const statement = /(?:print|printf)\s*\(?\s*"((?:\\.|[^"])*)"\s*\)?\s*$/.exec(before);
  return {
    kind: "script",
    text: statement ? statement[1]!.replace(/\\n/g, "\n").replace(/\\(.)/g, "$1") : undefined,
    origin: "text awk prints into a shell",
  };
}

/** Where the program's variables get known values: `-v name=value`, the environment, the operands. */
export interface AwkInputs {
  readonly environment?: (name: string) => string | undefined;
  /** The program's input, when it is known (a here-string, a pipe of known text). */
  readonly input?: string;
}

/** The operands after the program text: `ARGV[1]`… (ARGV[0] is "awk"). */
function operands(args: readonly ExpandedWord[]): string[] {
  const found: string[] = [];
  let program = false;
  for (let index = 0; index < args.length; index += 1) {
    const value = args[index]!.value;
    if (!program && (value === "-f" || value === "--file" || value === "-e" || value === "--source")) {
      program = true;
      index += 1;
    } else if (!program && (value === "-F" || value === "-v" || value === "--assign")) index += 1;
    else if (!program && value.startsWith("-") && value !== "-") continue;
    else if (!program) program = true;
    else found.push(value);
  }
  return found;
}

/**
 * Writes known values into the program as literals: `-v c=cmd` and `c` assignments on the command
 * line, `ENVIRON["C"]`, `ARGV[n]`; and, with known input, `$0` in a rule without a pattern.
 */
function resolveInputs(code: string, args: readonly ExpandedWord[], inputs: AwkInputs): string[] {
  const quote = (value: string) => `"${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
  let out = code;
  const assigned: Array<[string, string]> = [];
  args.forEach((word, index) => {
    if ((word.value === "-v" || word.value === "--assign") && args[index + 1]) {
      const match = /^([A-Za-z_]\w*)=([\s\S]*)$/.exec(args[index + 1]!.value);
      if (match) assigned.push([match[1]!, match[2]!]);
    }
  });
  for (const [name, value] of assigned) {
    if (new RegExp(`\\b${name}\\s*=(?!=)`).test(out)) continue;
    out = out.replace(new RegExp(`(?<![\\w"$])${name}(?![\\w(])`, "g"), quote(value));
  }
  out = out.replace(/\bENVIRON\s*\[\s*"([A-Za-z_]\w*)"\s*\]/g, (whole, name: string) => {
    const value = inputs.environment?.(name);
    return value === undefined ? whole : quote(value);
  });
  const argv = ["awk", ...operands(args)];
  out = out.replace(/\bARGV\s*\[\s*(\d+)\s*\]/g, (whole, index: string) => {
    const value = argv[Number(index)];
    return value === undefined ? whole : quote(value);
  });
  if (inputs.input === undefined || !/\$0\b/.test(out)) return [out];
  // Each input line runs the main rules once with $0 set to it.
  const lines = inputs.input.replace(/\n$/, "").split("\n").slice(0, 32);
  return lines.map((line) => out.replace(/\$0\b/g, quote(line)));
}

/** awk's `system("…")`, `"cmd" | getline`, `print | "cmd"`, `|&` coprocesses and `print > "/dev/sda"`. */
export function awkActions(
  args: readonly ExpandedWord[],
  scope: Scope,
  fileText: (word: ExpandedWord) => string | undefined = () => undefined,
  inputs: AwkInputs = {},
): { nested: Nested[]; hits: RuleHit[] } {
  const nested: Nested[] = [];
  const hits: RuleHit[] = [];
  const text = program(args, fileText);
  if (text === undefined) return { nested, hits };
  for (const code of resolveInputs(text, args, inputs)) {
    const result = programActions(foldStrings(code, "awk"), scope);
    nested.push(...result.nested);
    hits.push(...result.hits);
  }
  return { nested, hits };
}

function programActions(code: string, scope: Scope): { nested: Nested[]; hits: RuleHit[] } {
  const nested: Nested[] = [];
  const hits: RuleHit[] = [];
  if (/\bwhile\s*\(\s*1\s*\)|\bfor\s*\(\s*;\s*;\s*\)/.test(code) && /system\s*\(\s*"[^"]*&\s*"/.test(code)) {
    hits.push({
      rule: "forkbomb.interpreter",
      severity: "catastrophic",
      reason:
        "awk starts background processes in an endless loop (a fork bomb); start a bounded number of processes instead.",
    });
  }
  const quoted = insideStrings(code);
  const strings = new Map<string, string[]>();
  for (const match of code.matchAll(/\b([A-Za-z_]\w*)\s*=\s*"((?:\\.|[^"])*)"\s*(?=[;}\n]|$)/g))
    strings.set(match[1]!, [...(strings.get(match[1]!) ?? []), match[2]!.replace(/\\(.)/g, "$1")]);
  /** A variable's commands, when every assignment of it is a literal. */
  const valuesOf = (name: string): string[] | undefined => {
    const values = strings.get(name) ?? [];
    const assignments = code.match(new RegExp(`\\b${name}\\s*=(?!=)`, "g"))?.length ?? 0;
    return values.length === 0 || assignments > values.length ? undefined : values;
  };
  for (const match of code.matchAll(/\bsystem\s*\(\s*(?:("((?:\\.|[^"])*)")|([A-Za-z_]\w*)\s*\))?/g)) {
    if (quoted(match.index)) continue;
    const variable = match[3] === undefined ? undefined : valuesOf(match[3]);
    if (variable) {
      for (const text of variable) nested.push({ kind: "script", text, origin: "awk system()" });
      continue;
    }
    if (
      match[1] === undefined ||
      /^\s*"[^"]*"\s*[^)\s]/.test(code.slice(match.index + match[0].length - (match[1]?.length ?? 0)))
    ) {
      hits.push({
        rule: "dynamic.interpreter-command",
        severity: "dynamic",
        reason:
          "awk's system() runs a command built at run time, so it cannot be checked; run the command directly in the shell.",
      });
    } else nested.push({ kind: "script", text: match[2]!.replace(/\\(.)/g, "$1"), origin: "awk system()" });
  }
  for (const match of code.matchAll(/"((?:\\.|[^"])*)"\s*\|&?\s*getline|\|&?\s*"((?:\\.|[^"])*)"/g)) {
    if (quoted(match.index)) continue;
    const command = (match[1] ?? match[2]!).replace(/\\(.)/g, "$1");
    nested.push({ kind: "script", text: command, origin: "an awk pipe" });
    // `print "…" | "sh"`: what is printed is the shell's script.
    if (match[2] !== undefined && SHELL_COMMAND.test(command)) nested.push(printedScript(code, match.index));
  }
  // `cmd | getline`, `print | cmd` with the command in a variable: known when every assignment is literal.
  let unknownCommand = false;
  for (const match of code.matchAll(
    /(?:^|[^|"\w])([A-Za-z_]\w*)\s*\|&?\s*getline\b|(?<!\|)\|&?(?!\|)\s*(?!getline\b)([A-Za-z_]\w*)\s*(?=[;}\n]|$)/g,
  )) {
    const values = valuesOf(match[1] ?? match[2]!);
    if (values === undefined) unknownCommand = true;
    else for (const text of values) nested.push({ kind: "script", text, origin: "an awk pipe" });
  }
  if (unknownCommand)
    hits.push({
      rule: "dynamic.interpreter-command",
      severity: "dynamic",
      reason:
        "awk pipes to or from a command held in a variable, so it cannot be checked; run the command directly in the shell.",
    });
  for (const match of code.matchAll(/>>?\s*"((?:\\.|[^"])*)"/g)) {
    const hit = judgeWriteTarget(literalWord(match[1]!, [0, 0], match[1]), scope, "awk output redirection");
    if (hit) hits.push(hit);
  }
  return { nested, hits };
}
