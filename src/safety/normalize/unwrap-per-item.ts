import type { ExpandedWord } from "../extract/expanded-word.js";
import { EVERY_ENTRY, literalWord, UNKNOWN, UNKNOWN_NONEMPTY } from "../extract/expanded-word.js";
import type { Invocation } from "../extract/invocation.js";
import { findStartPoints } from "../rules/delete.js";
import { inner, joined } from "./inner-command.js";
import type { Nested } from "./nested.js";
import { commandIndex, type OptionGrammar } from "./skip-options.js";

// Programs that run a command once per item: input lines (xargs, parallel) or files found (find).

/** A file's text as far as the gate knows it (written by the command, or a `<(…)`). */
export type FileText = (word: ExpandedWord) => string | undefined;

/** `-a FILE`, `--arg-file=FILE`: xargs reads its items from there instead of stdin. */
function argumentFile(args: readonly ExpandedWord[]): ExpandedWord | undefined {
  for (let index = 0; index < args.length; index += 1) {
    const value = args[index]!.value;
    if ((value === "-a" || value === "--arg-file") && args[index + 1]) return args[index + 1];
    if (value.startsWith("--arg-file=")) return { ...args[index]!, value: value.slice(11) };
    if (!value.startsWith("-")) return undefined;
  }
  return undefined;
}

/** `… | xargs CMD`: the items read from stdin become arguments of CMD (or replace `{}` with -I). */
export function unwrapXargs(
  invocation: Invocation,
  args: readonly ExpandedWord[],
  fileText: FileText = () => undefined,
): Nested[] {
  // `--replace[=R]` takes its argument only after `=`, so it is not listed: `--replace rm …` runs rm.
  const grammar: OptionGrammar = {
    withArgument: "ILnPsdEa",
    longWithArgument: [
      "--arg-file",
      "--delimiter",
      "--max-args",
      "--max-procs",
      "--max-lines",
      "--eof",
      "--process-slot-var",
      "--max-chars",
    ],
  };
  let replace: string | undefined;
  for (let index = 0; index < args.length; index += 1) {
    const value = args[index]!.value;
    if (value === "-I") replace = args[index + 1]?.value;
    else if (value.startsWith("-I") && value.length > 2) replace = value.slice(2);
    else if (value.startsWith("--replace")) replace = value.includes("=") ? value.split("=")[1] : "{}";
    else if (value === "-i") replace = "{}";
    else if (!value.startsWith("-")) break;
  }
  const index = commandIndex(args, grammar);
  const template = index === -1 ? [literalWord("echo", invocation.span)] : args.slice(index);
  const file = argumentFile(args);
  const data = file ? fileText(file) : invocation.stdin?.read();
  // With a replace string, each input line is one item; otherwise blanks and NULs separate items.
  const nul = args.some((word) => /^(-[a-zA-Z]*0|--null)$/.test(word.value));
  const separator = nul ? /\0+/ : replace === undefined ? /[\s\0]+/ : /[\n\0]+/;
  const items = data === undefined ? [UNKNOWN_NONEMPTY] : data.split(separator).filter((item) => item !== "");
  const span = invocation.span;
  const words =
    replace === undefined
      ? [...template, ...items.map((item) => literalWord(item, span))]
      : template.map((word) =>
          word.value.includes(replace)
            ? { ...word, value: word.value.replaceAll(replace, items[0] ?? "") }
            : word,
        );
  return [inner(invocation, words, "xargs", { stdin: undefined })];
}

/** `find … -exec CMD {} ;`: `{}` stands for every file found below the start points. */
export function unwrapFind(invocation: Invocation, args: readonly ExpandedWord[]): Nested[] {
  const { starts, narrowed } = findStartPoints(args);
  const results: Nested[] = [];
  for (let index = 0; index < args.length; index += 1) {
    if (!/^-(exec|execdir|ok|okdir)$/.test(args[index]!.value)) continue;
    const end = args.findIndex(
      (word, position) => position > index && (word.value === ";" || word.value === "+"),
    );
    const command = args.slice(index + 1, end === -1 ? args.length : end);
    index = end === -1 ? args.length : end;
    if (command.length === 0) continue;
    const words: ExpandedWord[] = [];
    for (const word of command) {
      if (!word.value.includes("{}")) words.push(word);
      else if (narrowed || starts.length === 0)
        words.push({ ...word, value: word.value.replaceAll("{}", UNKNOWN) });
      else
        for (const start of starts) {
          // `find . -exec rm {} +` hands rm every file below `.`, not the `.` that rm refuses.
          const dot = /(^|\/)\.\.?\/?$/.test(start.value);
          const value = dot ? `${start.value.replace(/\/?$/, "/")}${EVERY_ENTRY}` : start.value;
          words.push({
            ...start,
            value: word.value.replaceAll("{}", value),
            pattern: word.pattern.replaceAll("{}", dot ? value : start.pattern),
          });
        }
    }
    results.push(inner(invocation, words, "find", { treeOperands: !narrowed, stdin: undefined }));
  }
  return results;
}

/** `parallel CMD ::: ARGS`: the template before `:::` is shell text run for each argument. */
/** Jobs of one parallel command the gate judges; more combinations than this are alike. */
const MAX_JOBS = 32;

export function unwrapParallel(args: readonly ExpandedWord[], input?: string): Nested[] {
  const end = args.findIndex((word) => /^:::+$/.test(word.value));
  const template = joined(
    args.slice(commandIndex(args, { withArgument: "jSP" }), end === -1 ? args.length : end),
  );
  if (end === -1) {
    // Without `:::` the input lines are the jobs: whole command lines, or the template's arguments.
    const lines = input?.split("\n").filter((line) => line.trim() !== "").slice(0, MAX_JOBS);
    if (lines === undefined || lines.length === 0)
      return template !== "" ? [{ kind: "script", text: template, origin: "parallel" }] : [];
    return lines.map((line) => ({
      kind: "script",
      text: template === "" ? line : `${template} '${line.replaceAll("'", "'\\''")}'`,
      origin: "parallel",
    }));
  }
  // Each `:::` group is a list of inputs; parallel runs one job per combination. Without a command
  // the input is the command line; with one it is a quoted argument, appended or put in place of {}.
  const groups: string[][] = [];
  for (let index = end; index < args.length; index += 1) {
    if (args[index]!.value === ":::") groups.push([]);
    else if (/^::::+$/.test(args[index]!.value)) groups.push([]);
    else groups.at(-1)?.push(args[index]!.value);
  }
  let jobs: string[][] = [[]];
  for (const group of groups.filter((inputs) => inputs.length > 0))
    jobs = jobs.flatMap((job) => group.map((input) => [...job, input])).slice(0, MAX_JOBS);
  const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;
  return jobs.map((inputs) => {
    let text = inputs.join(" ");
    if (template !== "") {
      const placed = template.replace(/\{(\d*)\}/g, (_all, n: string) =>
        quote(inputs[n === "" ? 0 : Number(n) - 1] ?? ""),
      );
      text = placed !== template ? placed : `${template} ${inputs.map(quote).join(" ")}`;
    }
    return { kind: "script", text, origin: "parallel" };
  });
}
