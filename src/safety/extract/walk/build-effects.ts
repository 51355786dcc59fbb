import { compiledEffects, type SourceLanguage, sourceLanguage } from "../../runners/compiled-source.js";
import { UNKNOWN } from "../expanded-word.js";
import type { Invocation } from "../invocation.js";
import { basename, virtualPath } from "../paths.js";
import type { Scope } from "../scope.js";

/**
 * Files a build writes from files this command wrote earlier, so running the result is judged by
 * its source (`printf … > x.c && gcc x.c && ./a.out`): the compilers' outputs (gcc/clang/tcc `-o`
 * or `a.out`, `-c` objects, `go build`, `rustc`, `javac`'s class files) hold the shell text
 * equivalent to what the program does (compiled-source.ts), and `npm pkg set scripts.NAME=…` /
 * `npm set-script` write package.json's scripts. A build whose inputs are all the repository's own
 * leaves its output unknown to the gate, like any file it did not write: the repository's own.
 */
const C_COMPILERS = /^(gcc|cc|clang|g\+\+|c\+\+|clang\+\+|tcc|gcc-\d+|g\+\+-\d+|clang-\d+)$/;
const C_WITH_VALUE = /^(-o|-I|-L|-D|-U|-x|-include|-imacros|-isystem|-iquote|-MF|-MT|-MQ|-Xlinker|-T|-u|-z)$/;

function written(path: string, scope: Scope): string | undefined {
  const resolved = virtualPath(path, scope);
  return resolved === undefined ? undefined : scope.files.get(resolved);
}

function store(path: string, content: string | undefined, scope: Scope): void {
  const resolved = virtualPath(path, scope);
  if (resolved === undefined) return;
  if (content === undefined) scope.files.delete(resolved);
  else scope.files.set(resolved, content);
}

/** The effects of one input: a written source translated, a written object as it is, else undefined. */
function inputEffects(text: string | undefined, language: SourceLanguage | undefined): string | undefined {
  if (text === undefined) return undefined;
  if (language === undefined) return text;
  return text.includes(UNKNOWN) ? UNKNOWN : compiledEffects(text, language);
}

/** Joins what the inputs do; one computed input makes the whole program computed. */
function joined(parts: readonly (string | undefined)[]): string | undefined {
  const known = parts.filter((part): part is string => part !== undefined);
  if (known.length === 0) return undefined;
  return known.some((part) => part === UNKNOWN) ? UNKNOWN : known.join("");
}

function compileC(args: readonly string[], invocation: Invocation, scope: Scope): void {
  let output: string | undefined;
  let objectOnly = false;
  let language: SourceLanguage | undefined;
  const parts: (string | undefined)[] = [];
  const sources: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const value = args[index]!;
    if (value === "-o") output = args[index + 1];
    else if (/^-o./.test(value)) output = value.slice(2);
    else if (value === "-c" || value === "-S" || value === "-E") objectOnly = true;
    else if (value === "-x") language = args[index + 1] === undefined ? undefined : "c";
    else if (value === "-" && invocation.stdin)
      parts.push(inputEffects(invocation.stdin.read() ?? UNKNOWN, "c"));
    if (C_WITH_VALUE.test(value)) {
      index += 1;
      continue;
    }
    if (value.startsWith("-") || value === "") continue;
    const kind = sourceLanguage(value) ?? language;
    sources.push(value);
    parts.push(inputEffects(written(value, scope), kind));
  }
  // tree-sitter drops the `-` of `gcc -x c - <<EOF` as it does make's: a heredoc with no source named.
  if (invocation.stdin && sources.length === 0 && parts.length === 0)
    parts.push(inputEffects(invocation.stdin.read() ?? UNKNOWN, "c"));
  const content = joined(parts);
  if (objectOnly) {
    if (output !== undefined) store(output, content, scope);
    else for (const source of sources) store(source.replace(/\.[^./]+$/, ".o"), content, scope);
    return;
  }
  store(output ?? "a.out", content, scope);
}

/** The written files of `language` a package operand names: a file, or every file in a directory. */
function packageFiles(operand: string, extension: string, scope: Scope): string[] {
  if (operand.endsWith(extension)) return [operand];
  const directory = virtualPath(operand.replace(/\/\.\.\.$/, ""), scope);
  if (directory === undefined) return [];
  const prefix = directory.endsWith("/") ? directory : `${directory}/`;
  return [...scope.files.keys()].filter((path) => path.startsWith(prefix) && path.endsWith(extension));
}

function goBuild(args: readonly string[], scope: Scope): void {
  let output: string | undefined;
  const operands: string[] = [];
  for (let index = 1; index < args.length; index += 1) {
    const value = args[index]!;
    if (value === "-o") {
      output = args[index + 1];
      index += 1;
    } else if (/^-(tags|ldflags|gcflags|mod|modfile|p|exec|overlay|pgo|C|toolexec|asmflags)$/.test(value))
      index += 1;
    else if (!value.startsWith("-")) operands.push(value);
  }
  const targets = operands.length === 0 ? ["."] : operands;
  const files = targets.flatMap((operand) => packageFiles(operand, ".go", scope));
  const content = joined(files.map((file) => inputEffects(written(file, scope), "go")));
  const first = targets[0]!;
  const name =
    output ??
    (first.endsWith(".go")
      ? basename(first).slice(0, -3)
      : basename(first === "." ? (scope.cwd ?? "") : first.replace(/\/\.\.\.$/, "")));
  if (name !== "") store(name, content, scope);
}

function rustc(args: readonly string[], scope: Scope): void {
  let output: string | undefined;
  let source: string | undefined;
  for (let index = 0; index < args.length; index += 1) {
    const value = args[index]!;
    if (value === "-o") output = args[index + 1];
    if (/^(-o|--out-dir|--crate-type|--crate-name|--edition|-C|-L|-l|--extern|--cfg|--target)$/.test(value))
      index += 1;
    else if (!value.startsWith("-") && value.endsWith(".rs")) source = value;
  }
  if (source === undefined) return;
  store(output ?? basename(source).slice(0, -3), inputEffects(written(source, scope), "rust"), scope);
}

function javac(args: readonly string[], scope: Scope): void {
  const directory = args[args.indexOf("-d") + 1];
  for (const value of args.filter((arg) => arg.endsWith(".java"))) {
    const name = `${basename(value).slice(0, -5)}.class`;
    const target = args.includes("-d") && directory ? `${directory}/${name}` : value.replace(/[^/]+$/, name);
    store(target, inputEffects(written(value, scope), "java"), scope);
  }
}

/** Sets `path` (dot-separated, as npm pkg spells it) in a JSON object. */
function setKey(object: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split(".");
  let at: Record<string, unknown> = object;
  for (const key of keys.slice(0, -1)) {
    const next = at[key];
    at[key] = typeof next === "object" && next !== null ? next : {};
    at = at[key] as Record<string, unknown>;
  }
  at[keys.at(-1)!] = value;
}

/**
 * `npm pkg set scripts.test=CMD`, `npm set-script test CMD`: package.json gets the script. The
 * repository's own package.json is not known; the settings made here are, which is what a later
 * `npm test` in this command runs.
 */
function packageSettings(args: readonly string[], scope: Scope): void {
  const pairs: [string, string][] = [];
  if (args[0] === "pkg" && args[1] === "set")
    for (const arg of args.slice(2)) {
      const match = /^([^-=][^=]*)=([\s\S]*)$/.exec(arg);
      if (match) pairs.push([match[1]!, match[2]!]);
    }
  else if (args[0] === "set-script" && args[1] !== undefined && args[2] !== undefined)
    pairs.push([`scripts.${args[1]}`, args[2]]);
  if (pairs.length === 0) return;
  const existing = written("package.json", scope);
  let object: Record<string, unknown> = {};
  if (existing !== undefined) {
    try {
      const parsed = JSON.parse(existing) as unknown;
      if (typeof parsed === "object" && parsed !== null) object = parsed as Record<string, unknown>;
    } catch {
      // Computed or broken: what else it holds stays unknown; the scripts set here are known.
    }
  }
  for (const [key, value] of pairs) setKey(object, key, value);
  store("package.json", JSON.stringify(object), scope);
}

export function applyBuildEffects(name: string, invocation: Invocation, scope: Scope): void {
  const args = invocation.words.slice(1).map((word) => word.value);
  if (C_COMPILERS.test(name)) {
    if (!args.includes("-run")) compileC(args, invocation, scope);
  } else if (name === "go" && args[0] === "build") goBuild(args, scope);
  else if (name === "rustc") rustc(args, scope);
  else if (name === "javac") javac(args, scope);
  else if (name === "npm" || name === "pnpm") packageSettings(args, scope);
}
