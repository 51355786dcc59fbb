import { type ExpandedWord, literalWord, UNKNOWN } from "../extract/expanded-word.js";
import type { Invocation } from "../extract/invocation.js";
import type { Scope } from "../extract/scope.js";
import type { Nested } from "../normalize/nested.js";
import type { FileText } from "./runner-sources.js";

/**
 * GNU make as a runner (make(1), the GNU make manual): the makefiles it reads — `-f`, the default
 * GNUmakefile/makefile/Makefile in `-C DIR`, `MAKEFILES`, `include`d files — when this command wrote
 * them, `--eval` text and variable definitions on its command line or in `MAKEFLAGS`; their recipes
 * (tab lines and `target: ; recipe`), `$(shell …)` and `!=` (which run while the makefile is read or a
 * recipe expanded, so also in a dry run), and in a dry run (`-n`, `-q`, `-t`) only the recipe lines
 * marked `+` or naming `$(MAKE)`. `SHELL=prog` makes every recipe run through prog, and the programs
 * of the built-in rules (`CC`, `CXX`, `LD`, …) run with their arguments: both also apply to the
 * repository's own makefile, whose text is otherwise not judged.
 */

const DRY_RUN = /^(-[a-zA-Z]*[nqt][a-zA-Z]*|--just-print|--dry-run|--recon|--question|--touch)$/;
/** Options that take a value, so the next word is not a target (make --help). */
const WITH_VALUE =
  /^(-[CfIjlWo]|--directory|--file|--makefile|--include-dir|--jobs|--load-average|--what-if|--new-file|--assume-new|--old-file|--assume-old|--eval|-E|--debug|--output-sync|-O)$/;
/** Variables of the built-in rules that name programs (the GNU make manual, "Implicit Variables"). */
const PROGRAM_VARIABLES =
  /^(CC|CXX|CPP|FC|M2C|PC|CO|GET|LEX|YACC|LINT|MAKEINFO|TEX|TEXI2DVI|WEAVE|CWEAVE|TANGLE|CTANGLE|RM|AR|AS|LD|LDD|OBJCOPY|RANLIB|INSTALL)$/;
const DEFINITION = /^([A-Za-z_.][\w.-]*)\s*(::?=|:::=|\?=|\+=|!=|=)([\s\S]*)$/;

interface MakeRun {
  readonly dryRun: boolean;
  readonly texts: string[];
  readonly shell: string | undefined;
  readonly programs: string[];
  readonly unknownInput: boolean;
  /** Makefiles this command wrote where text only known at run time stands outside a recipe line. */
  readonly computed: string[];
}

function word(value: string): ExpandedWord {
  return literalWord(value, [0, 0], value);
}

/** Splits MAKEFLAGS as make does: words, where a first word without `-` is a cluster of flags. */
function makeflags(text: string): string[] {
  // Words are split at blanks outside `$(…)` (`--eval=$(shell cmd arg)` stays one word).
  const words: string[] = [];
  let depth = 0;
  let current = "";
  for (const char of text.trim()) {
    if (/\s/.test(char) && depth === 0) {
      if (current !== "") words.push(current);
      current = "";
      continue;
    }
    if (char === "(" || char === "{") depth += 1;
    else if ((char === ")" || char === "}") && depth > 0) depth -= 1;
    current += char;
  }
  if (current !== "") words.push(current);
  if (words[0] && !words[0].startsWith("-") && !words[0].includes("=")) words[0] = `-${words[0]}`;
  return words;
}

function readArguments(
  args: readonly ExpandedWord[],
  run: {
    texts: string[];
    files: ExpandedWord[];
    directory?: string;
    dryRun: boolean;
    shell?: string;
    programs: string[];
  },
): void {
  for (let index = 0; index < args.length; index += 1) {
    const current = args[index]!;
    const value = current.value;
    const next = args[index + 1];
    if (DRY_RUN.test(value)) run.dryRun = true;
    if (/^(-f|--file|--makefile)$/.test(value) && next) run.files.push(next);
    else if (/^-f./.test(value)) run.files.push(word(value.slice(2)));
    else if (/^--(file|makefile)=/.test(value)) run.files.push(word(value.replace(/^--\w+=/, "")));
    else if ((value === "--eval" || value === "-E") && next) run.texts.push(next.value);
    else if (value.startsWith("--eval=")) run.texts.push(value.slice(7));
    else if (/^-E./.test(value)) run.texts.push(value.slice(2));
    else if ((value === "-C" || value === "--directory") && next) run.directory = next.value;
    else if (/^--directory=/.test(value)) run.directory = value.slice(12);
    else if (!value.startsWith("-")) {
      const definition = DEFINITION.exec(value);
      if (definition) {
        if (definition[1] === "SHELL") run.shell = definition[3]!.trim();
        else if (PROGRAM_VARIABLES.test(definition[1]!)) run.programs.push(definition[3]!);
        run.texts.push(value);
      }
    }
    if (WITH_VALUE.test(value)) index += 1;
  }
}

/** What a make invocation reads and how it runs it. */
function makeRun(invocation: Invocation, scope: Scope, fileText: FileText): MakeRun {
  const variable = (name: string) =>
    invocation.assignments.find((assignment) => assignment.name === name)?.value.value ??
    scope.variables.get(name);
  const run = {
    texts: [] as string[],
    files: [] as ExpandedWord[],
    dryRun: false,
    programs: [] as string[],
  } as {
    texts: string[];
    files: ExpandedWord[];
    directory?: string;
    dryRun: boolean;
    shell?: string;
    programs: string[];
  };
  for (const name of ["GNUMAKEFLAGS", "MAKEFLAGS"]) {
    const flags = variable(name);
    if (flags) readArguments(makeflags(flags).map(word), run);
  }
  const args = invocation.words.slice(1);
  readArguments(args, run);
  for (const assignment of invocation.assignments)
    if (PROGRAM_VARIABLES.test(assignment.name)) run.programs.push(assignment.value.value);
  const prefix = run.directory === undefined ? "" : `${run.directory.replace(/\/+$/, "")}/`;
  let unknownInput = false;
  // tree-sitter drops the `-` of `make -f - <<EOF`: a trailing -f with a heredoc means stdin.
  if (args.at(-1)?.value === "-f" && invocation.stdin) run.files.push(word("-"));
  const read = (file: ExpandedWord): string | undefined => {
    if (file.value === "-" || file.value === "/dev/stdin") {
      const input = invocation.stdin?.read();
      if (input === undefined) unknownInput = true;
      return input;
    }
    if (file.substitution) return fileText(file);
    return fileText(file.value.startsWith("/") ? file : word(prefix + file.value));
  };
  const makefiles = [
    ...(variable("MAKEFILES") ?? "").split(/\s+/).filter(Boolean).map(word),
    ...(run.files.length > 0 ? run.files : ["GNUmakefile", "makefile", "Makefile"].map(word)),
  ];
  const seen = new Set<string>();
  const computed: string[] = [];
  const queue = [...makefiles];
  while (queue.length > 0 && seen.size < 32) {
    const file = queue.shift()!;
    if (seen.has(file.value) && !file.substitution) continue;
    seen.add(file.value);
    const text = read(file);
    if (text === undefined) continue;
    // Unknown text in a recipe line is a word of that recipe; anywhere else it could be any rule.
    if (
      text.includes(UNKNOWN) &&
      text.split("\n").some((line) => !line.startsWith("\t") && line.includes(UNKNOWN))
    )
      computed.push(file.value);
    run.texts.push(text);
    for (const include of text.matchAll(/^\s*-?(?:include|sinclude)\s+(.+)$/gm))
      for (const name of include[1]!.trim().split(/\s+/)) queue.push(word(name));
  }
  for (const text of run.texts) {
    const shell = /^\s*SHELL\s*:{0,3}=\s*(\S+)/m.exec(text);
    if (shell) run.shell = shell[1];
  }
  return {
    dryRun: run.dryRun,
    texts: run.texts,
    shell: run.shell,
    programs: run.programs,
    unknownInput,
    computed,
  };
}

function script(text: string, origin: string): Nested {
  return { kind: "script", text, origin };
}

/** The commands a make invocation runs. */
export function makeCommands(invocation: Invocation, scope: Scope, fileText: FileText): Nested[] {
  const run = makeRun(invocation, scope, fileText);
  if (run.unknownInput) return [{ kind: "script", text: undefined, origin: "make -f -" }];
  const nested: Nested[] = run.computed.map((file) => ({
    kind: "script",
    text: undefined,
    origin: "make",
    written: file,
  }));
  for (const text of run.texts) {
    const recipes: string[] = [];
    for (const line of text.split("\n")) {
      if (line.startsWith("\t")) recipes.push(line.slice(1));
      else {
        // `target: prerequisites ; recipe`
        const inline = /^[^\t#=]*[^:=#]:(?![:=])[^;=#]*;(.*)$/.exec(line);
        if (inline) recipes.push(inline[1]!);
      }
    }
    for (const recipe of recipes) {
      const prefix = /^[@+\-\s]*/.exec(recipe)![0];
      const body = recipe.slice(prefix.length);
      // A dry run prints recipes; it still runs `+` lines and lines that name $(MAKE).
      if (run.dryRun && !prefix.includes("+") && !/\$[({]MAKE[)}]/.test(body)) continue;
      nested.push(script(body.replace(/\$[({]MAKE[)}]/g, "make"), "a make recipe"));
    }
    for (const match of text.matchAll(/\$[({]shell\s+([^)}]*)[)}]/g))
      nested.push(script(match[1]!, "make $(shell …)"));
    for (const match of text.matchAll(/^\s*[A-Za-z_.][\w.-]*\s*!=\s*(.+)$/gm))
      nested.push(script(match[1]!, "make !="));
  }
  if (run.shell !== undefined && run.shell !== "" && !/^\/bin\/(ba|da)?sh$/.test(run.shell))
    nested.push(script(`'${run.shell.replaceAll("'", "'\\''")}' -c x`, "make SHELL="));
  for (const program of run.programs)
    if (program.trim() !== "" && !run.dryRun)
      nested.push(script(`${program} x`, "a program make's built-in rules run"));
  return nested;
}
