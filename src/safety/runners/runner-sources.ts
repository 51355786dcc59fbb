import { type ExpandedWord, HOME_PATH, literalWord } from "../extract/expanded-word.js";
import type { Invocation } from "../extract/invocation.js";
import type { Scope } from "../extract/scope.js";
import type { Nested } from "../normalize/nested.js";
import { ownEntry } from "../own-entry.js";
import { type CodeKind, readCode, splitWords, tmuxCommands } from "./code-readers.js";
import { RUNNERS, type RunnerSpec } from "./runner-table.js";

/** A file's text as the gate knows it: written by the command (known or computed), or not written. */
export type FileText = (word: ExpandedWord) => string | undefined;

/** One piece of code an invocation hands its program: text of a kind, or the words of its own command language. */
type Source =
  | { readonly kind: CodeKind; readonly text: string | undefined; readonly origin: string }
  | { readonly kind: "tmux-commands"; readonly words: readonly string[]; readonly origin: string };

/** `--name=value`, `--name value`, `-X value`, `-Xvalue`, `+value`: the option's value, or undefined. */
function optionValue(
  args: readonly ExpandedWord[],
  index: number,
  name: string,
  singleDashLong = false,
): { value: ExpandedWord; consumed: number } | undefined {
  const word = args[index]!;
  const text = word.value;
  if (name === "+")
    return text.startsWith("+") && text.length > 1
      ? { value: { ...word, value: text.slice(1) }, consumed: 1 }
      : undefined;
  if (text === name) return args[index + 1] ? { value: args[index + 1]!, consumed: 2 } : undefined;
  if (name.startsWith("--") || name.length > 2) {
    return text.startsWith(`${name}=`)
      ? { value: { ...word, value: text.slice(name.length + 1) }, consumed: 1 }
      : undefined;
  }
  // A short option attached to its value (`-oProxyCommand=…`), or last in a cluster of flags (`-qc CMD`).
  // Programs whose long options take one dash (gdb's `-nx`) have no clusters.
  if (!text.startsWith("-") || text.startsWith("--") || singleDashLong) return undefined;
  if (text.startsWith(name) && text.length > 2)
    return { value: { ...word, value: text.slice(2) }, consumed: 1 };
  const letter = name[1]!;
  if (/^-[a-zA-Z]+$/.test(text) && text.endsWith(letter) && text.length > 2)
    return args[index + 1] ? { value: args[index + 1]!, consumed: 2 } : undefined;
  return undefined;
}

/** Whether an option that usually takes a value is a plain flag in this invocation (vim's `-s` in Ex mode). */
function flagHere(
  when: NonNullable<RunnerSpec["flagWhen"]>,
  name: string,
  option: string,
  args: readonly ExpandedWord[],
): boolean {
  if (when.option !== option) return false;
  return when.programs.includes(name) || args.some((word) => when.withFlag.test(word.value));
}

function homeFile(path: string, scope: Scope): ExpandedWord {
  const home = scope.variables.get("HOME") ?? HOME_PATH;
  return literalWord(path.replace(/^~(?=\/)/, home), [0, 0], path);
}

/** The option words in a variable holding options (`MANOPT=--pager=x`), as words. */
function optionWords(value: string, like: ExpandedWord): ExpandedWord[] {
  return splitWords(value).map((text) => ({ ...like, value: text, source: text }));
}

/** Reads an invocation against its program's row: every piece of code it will run, with its kind. */
function sources(
  name: string,
  spec: RunnerSpec,
  invocation: Invocation,
  scope: Scope,
  fileText: FileText,
): Source[] {
  const found: Source[] = [];
  const variable = (key: string) =>
    invocation.assignments.find((assignment) => assignment.name === key)?.value.value ??
    scope.variables.get(key);
  const first = invocation.words[0]!;
  const extra = (spec.optionVariables ?? []).flatMap((key) => {
    const value = variable(key);
    return value === undefined ? [] : optionWords(value, first);
  });
  const args = [...extra, ...invocation.words.slice(1)];
  if (spec.inert?.some((option) => args.some((word) => word.value === option))) return [];
  const operands: ExpandedWord[] = [];
  let index = 0;
  let rest: ExpandedWord[] | undefined;
  while (index < args.length) {
    const word = args[index]!;
    let consumed = 0;
    for (const [option, kind] of Object.entries(spec.options ?? {})) {
      const taken = optionValue(args, index, option, spec.singleDashLong);
      if (!taken) continue;
      found.push({ kind, text: taken.value.value, origin: `${name} ${option === "+" ? "+" : option}` });
      consumed = taken.consumed;
      break;
    }
    if (consumed === 0) {
      for (const [option, kind] of Object.entries(spec.fileOptions ?? {})) {
        const taken = optionValue(args, index, option, spec.singleDashLong);
        if (!taken) continue;
        const text = fileText(taken.value);
        if (text !== undefined) found.push({ kind, text, origin: `${name} ${option} ${taken.value.source}` });
        consumed = taken.consumed;
        break;
      }
    }
    if (consumed === 0 && spec.withValue?.includes(word.value))
      consumed = spec.flagWhen && flagHere(spec.flagWhen, name, word.value, args) ? 1 : 2;
    if (consumed > 0) {
      index += consumed;
      continue;
    }
    if (word.value === "--") {
      operands.push(...args.slice(index + 1));
      break;
    }
    if (!word.value.startsWith("-") || word.value === "-") {
      if (spec.rest) {
        rest = args.slice(index);
        break;
      }
      operands.push(word);
    }
    index += 1;
  }
  const restKind = spec.rest;
  if (rest && restKind === "tmux-commands")
    found.push({ kind: "tmux-commands", words: rest.map((word) => word.value), origin: name });
  else if (rest && restKind !== undefined && restKind !== "tmux-commands")
    found.push({ kind: restKind, text: rest.map((word) => word.value).join(" "), origin: name });
  for (const file of spec.defaultFiles ?? []) {
    const text = fileText(homeFile(file.path, scope));
    if (text !== undefined) found.push({ kind: file.kind, text, origin: `${name} ${file.path}` });
  }
  for (const [key, kind] of Object.entries(spec.environment ?? {})) {
    const value = variable(key);
    if (value !== undefined && value !== "") found.push({ kind, text: value, origin: `${name} ${key}` });
  }
  if (spec.input && invocation.stdin)
    found.push({ kind: spec.input, text: invocation.stdin.read(), origin: `${name}'s input` });
  if (spec.operands)
    for (const operand of operands.slice(spec.skipOperands ?? 0))
      found.push({ kind: spec.operands, text: operand.value, origin: `${name} ${operand.source}` });
  if (spec.operandFiles)
    for (const operand of operands) {
      const text = fileText(operand);
      if (text !== undefined)
        found.push({ kind: spec.operandFiles, text, origin: `${name} ${operand.source}` });
    }
  return found;
}

/** The commands and scripts `name` runs because of its options, input, variables or files; [] for others. */
export function runnerCommands(
  name: string,
  invocation: Invocation,
  scope: Scope,
  fileText: FileText,
): Nested[] {
  const spec = ownEntry(RUNNERS, name);
  if (!spec || invocation.words.length === 0) return [];
  const nested: Nested[] = [];
  const found = sources(name, spec, invocation, scope, fileText);
  // Vim runs its -c/--cmd/+ commands and scripts in one session: a `:set shell=` applies to later `:!`.
  const vim = found.filter((source) => source.kind === "vim");
  if (vim.length > 1) {
    const text = vim.map((source) => (source.kind === "vim" ? (source.text ?? "") : "")).join("\n");
    nested.push(...readCode("vim", text, vim[0]!.origin, invocation));
  }
  for (const source of found) {
    if (source.kind === "tmux-commands") nested.push(...tmuxCommands(source.words, source.origin));
    else if (source.kind !== "vim" || vim.length === 1)
      nested.push(...readCode(source.kind, source.text, source.origin, invocation));
  }
  // `SHELL=prog script`, `SHELL=prog tmux`: the session's shell is prog.
  const shell = invocation.assignments.find((assignment) => assignment.name === "SHELL")?.value.value;
  if (spec.startsShell && nested.length === 0 && shell)
    nested.push(...readCode("program", shell, `${name} starts $SHELL`, invocation));
  return nested;
}
