import type { ExpandedWord } from "../extract/expanded-word.js";
import { literalWord } from "../extract/expanded-word.js";
import type { Scope } from "../extract/scope.js";
import type { RuleHit } from "../finding.js";
import type { Nested } from "../normalize/nested.js";
import { judgeWriteTarget } from "../rules/write-targets.js";
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

/** awk's `system("…")`, `"cmd" | getline`, `print | "cmd"` and `print > "/dev/sda"`. */
export function awkActions(
  args: readonly ExpandedWord[],
  scope: Scope,
  fileText: (word: ExpandedWord) => string | undefined = () => undefined,
): { nested: Nested[]; hits: RuleHit[] } {
  const code = program(args, fileText);
  const nested: Nested[] = [];
  const hits: RuleHit[] = [];
  if (code === undefined) return { nested, hits };
  if (/\bwhile\s*\(\s*1\s*\)|\bfor\s*\(\s*;\s*;\s*\)/.test(code) && /system\s*\(\s*"[^"]*&\s*"/.test(code)) {
    hits.push({
      rule: "forkbomb.interpreter",
      severity: "catastrophic",
      reason:
        "awk starts background processes in an endless loop (a fork bomb); start a bounded number of processes instead.",
    });
  }
  const quoted = insideStrings(code);
  for (const match of code.matchAll(/\bsystem\s*\(\s*("((?:\\.|[^"])*)")?/g)) {
    if (quoted(match.index)) continue;
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
  for (const match of code.matchAll(/"((?:\\.|[^"])*)"\s*\|\s*getline|\|\s*"((?:\\.|[^"])*)"/g)) {
    if (quoted(match.index)) continue;
    const command = (match[1] ?? match[2]!).replace(/\\(.)/g, "$1");
    nested.push({ kind: "script", text: command, origin: "an awk pipe" });
    // `print "…" | "sh"`: what is printed is the shell's script.
    if (match[2] !== undefined && SHELL_COMMAND.test(command)) nested.push(printedScript(code, match.index));
  }
  // `cmd | getline`, `print | cmd` with the command in a variable: built at run time.
  const strings = new Map<string, string[]>();
  for (const match of code.matchAll(/\b([A-Za-z_]\w*)\s*=\s*"((?:\\.|[^"])*)"\s*(?=[;}\n]|$)/g))
    strings.set(match[1]!, [...(strings.get(match[1]!) ?? []), match[2]!.replace(/\\(.)/g, "$1")]);
  let unknownCommand = false;
  for (const match of code.matchAll(
    /(?:^|[^|"\w])([A-Za-z_]\w*)\s*\|\s*getline\b|(?<!\|)\|(?!\|)\s*([A-Za-z_]\w*)\s*(?=[;}\n]|$)/g,
  )) {
    const name = match[1] ?? match[2]!;
    const values = strings.get(name) ?? [];
    // Every assignment of the variable must be a literal for its commands to be known.
    const assignments = code.match(new RegExp(`\\b${name}\\s*=(?!=)`, "g"))?.length ?? 0;
    if (values.length === 0 || assignments > values.length) unknownCommand = true;
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
