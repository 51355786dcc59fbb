import { literalWord, UNKNOWN } from "../extract/expanded-word.js";
import type { Invocation } from "../extract/invocation.js";
import { inner } from "../normalize/inner-command.js";
import type { Nested } from "../normalize/nested.js";
import { readCode, splitWords } from "./code-readers.js";

/**
 * The languages of the files task runners read, and the commands each yields: a Rakefile is Ruby,
 * a justfile's recipe lines and backticks are shell (through `set shell` or a recipe's `#!` when
 * they name another program), a Taskfile's `cmds`/`cmd`/`sh`/`defer` values, tox's `commands`,
 * a Procfile's lines and a hook manager's `entry`/`run` values are shell, CMakeLists.txt is cmake,
 * and Python and JavaScript build files are their language, whose library calls that run a
 * command (`c.run("…")`, `session.run(…)`, `sh "…"`) are read as the command they run.
 */
export type ProjectFormat =
  | "ruby"
  | "python"
  | "node"
  | "just"
  | "yaml-commands"
  | "tox"
  | "procfile"
  | "cmake";

const INTERPRETER: Record<"ruby" | "python" | "node", readonly [string, string]> = {
  ruby: ["ruby", "-e"],
  python: ["python3", "-c"],
  node: ["node", "-e"],
};

/** Task-runner library calls that run their first string argument as a command line. */
const RUN_CALLS =
  /(?:^|[^\w.])(?:[A-Za-z_]\w*\s*\.\s*)?(?:sh|run|local|sudo|exec|execSync|shell|Execute|Command|spawnSync|command_line|commandLine)\s*\(?\s*(?:[A-Za-z_]\w*\s*=\s*)?(?:\[\s*)?(?:"((?:\\.|[^"\\\n])*)"|'((?:\\.|[^'\\\n])*)'|`([^`$]*)`)/g;

function script(text: string, origin: string): Nested {
  return { kind: "script", text, origin };
}

function interpolationsOut(text: string): string {
  return text.replace(/\{\{[^}]*\}\}/g, "x").replace(/\{posargs[^}]*\}|\{[a-z_]+\}/g, "x");
}

function code(
  language: "ruby" | "python" | "node",
  text: string,
  origin: string,
  invocation: Invocation,
): Nested[] {
  const [program, flag] = INTERPRETER[language];
  const found: Nested[] = [
    inner(
      invocation,
      [program, flag, text].map((value) => literalWord(value, invocation.span)),
      origin,
      {
        assignments: [],
        stdin: undefined,
      },
    ),
  ];
  for (const match of text.matchAll(RUN_CALLS)) {
    const command = match[1] ?? match[2] ?? match[3];
    if (command !== undefined && command.trim() !== "")
      found.push(script(command.replace(/\\(.)/g, "$1"), origin));
  }
  return found;
}

/** A recipe whose first line is `#!PROG`: its body is a script for PROG. */
function shebangRecipe(lines: readonly string[], origin: string, invocation: Invocation): Nested[] {
  const [program, ...args] = splitWords(lines[0]!.slice(2));
  const body = lines.slice(1).join("\n");
  const name = program === "/usr/bin/env" ? args.shift() : program?.replace(/^.*\//, "");
  if (name === undefined) return [];
  if (/^(ba|da|z|k)?sh$/.test(name)) return [script(body, origin)];
  const language = /^python/.test(name)
    ? "python"
    : /^(node|bun|deno)$/.test(name)
      ? "node"
      : /^ruby/.test(name)
        ? "ruby"
        : undefined;
  if (language) return code(language, body, origin, invocation);
  if (/^perl/.test(name)) return readCode("perl", body, origin, invocation);
  return [script(`'${name.replaceAll("'", "'\\''")}' x`, origin)];
}

/** justfile(5)-like reading of the just manual: recipes, their lines, backticks, `set shell`. */
function justCommands(text: string, origin: string, invocation: Invocation): Nested[] {
  const found: Nested[] = [];
  const shell = /^\s*set\s+shell\s*:=\s*\[([^\]]*)\]/m.exec(text);
  const shellWords = shell
    ? [...shell[1]!.matchAll(/"((?:\\.|[^"])*)"|'([^']*)'/g)].map((m) => m[1] ?? m[2]!)
    : [];
  const through = (line: string) =>
    shellWords.length > 0 && !/^(\/bin\/|\/usr\/bin\/)?(ba|da|z)?sh$/.test(shellWords[0]!)
      ? `${[...shellWords, line].map((word) => `'${word.replaceAll("'", "'\\''")}'`).join(" ")}`
      : line;
  let recipe: string[] | undefined;
  const flush = () => {
    if (recipe && recipe.length > 0) {
      if (recipe[0]!.startsWith("#!")) found.push(...shebangRecipe(recipe, origin, invocation));
      else for (const line of recipe) found.push(script(through(line.replace(/^[@-]+/, "")), origin));
    }
    recipe = undefined;
  };
  for (const raw of interpolationsOut(text).split("\n")) {
    if (/^\s+\S/.test(raw) && recipe) {
      recipe.push(raw.trim());
      continue;
    }
    if (raw.trim() === "" && recipe) continue;
    flush();
    if (
      /^@?[A-Za-z_][\w-]*(?:\s+[^:=]*)?:(?!=)/.test(raw) &&
      !/^\s*(set|export|alias|import|mod)\b/.test(raw)
    )
      recipe = [];
    for (const tick of raw.matchAll(/```([\s\S]*?)```|`([^`]*)`/g))
      found.push(script(tick[1] ?? tick[2]!, `${origin} backtick`));
    for (const call of raw.matchAll(/\bshell\s*\(\s*(?:"((?:\\.|[^"])*)"|'([^']*)')/g))
      found.push(script(call[1] ?? call[2]!, `${origin} shell()`));
  }
  flush();
  return found;
}

function unquoteYaml(value: string): string {
  const trimmed = value.trim().replace(/\s+#.*$/, "");
  if (/^'.*'$/s.test(trimmed)) return trimmed.slice(1, -1).replaceAll("''", "'");
  if (/^".*"$/s.test(trimmed)) return trimmed.slice(1, -1).replace(/\\(.)/g, "$1");
  return trimmed;
}

/**
 * The command values of a YAML task file (Taskfile, pre-commit, lefthook): items under `cmds:` and
 * the values of `cmd`, `sh`, `defer`, `run`, `entry` and `command`, block scalars (`|`, `>`) included.
 */
function yamlCommands(text: string, origin: string): Nested[] {
  const lines = interpolationsOut(text).split("\n");
  const found: Nested[] = [];
  let listIndent: number | undefined;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    if (line.trim() === "" || line.trim().startsWith("#")) continue;
    const indent = /^\s*/.exec(line)![0].length;
    if (listIndent !== undefined && indent <= listIndent && !/^\s*-/.test(line.slice(listIndent)))
      listIndent = undefined;
    if (listIndent !== undefined && indent < listIndent) listIndent = undefined;
    let value: string | undefined;
    const keyed = /^\s*(?:-\s+)?(cmds|cmd|sh|defer|run|entry|command|commands)\s*:\s*(.*)$/.exec(line);
    if (keyed) {
      if ((keyed[1] === "cmds" || keyed[1] === "commands") && keyed[2]!.trim() === "") {
        listIndent = indent;
        continue;
      }
      value = keyed[2];
    } else if (listIndent !== undefined && indent >= listIndent) {
      const item = /^\s*-\s+(.*)$/.exec(line);
      if (item && !/^[\w-]+\s*:(\s|$)/.test(item[1]!)) value = item[1];
    }
    if (value === undefined || value.trim() === "") continue;
    if (/^[|>][-+]?\s*$/.test(value.trim())) {
      const body: string[] = [];
      while (
        index + 1 < lines.length &&
        (lines[index + 1]!.trim() === "" || /^\s*/.exec(lines[index + 1]!)![0].length > indent)
      ) {
        index += 1;
        body.push(lines[index]!.trim());
      }
      found.push(script(body.join("\n"), origin));
    } else found.push(script(unquoteYaml(value), origin));
  }
  return found;
}

/** tox.ini's `commands` (and `_pre`/`_post`) lines, continuation lines included. */
function toxCommands(text: string, origin: string): Nested[] {
  const found: Nested[] = [];
  let inCommands = false;
  for (const line of interpolationsOut(text).split("\n")) {
    const start = /^\s*commands(?:_pre|_post)?\s*=\s*(.*)$/.exec(line);
    if (start) {
      inCommands = true;
      if (start[1]!.trim() !== "") found.push(script(start[1]!.replace(/^-\s*/, ""), origin));
    } else if (inCommands && /^\s+\S/.test(line))
      found.push(script(line.trim().replace(/^-\s*/, ""), origin));
    else inCommands = false;
  }
  return found;
}

/** The commands a project file of `format` runs when its runner reads it. */
export function projectFileCommands(
  format: ProjectFormat,
  text: string,
  origin: string,
  invocation: Invocation,
): Nested[] {
  switch (format) {
    case "ruby":
    case "python":
    case "node":
      // A piece only known at run time could be any code: the file is computed.
      if (text.includes(UNKNOWN)) return [{ kind: "script", text: undefined, origin }];
      return code(format, text, origin, invocation);
    case "just":
      return justCommands(text, origin, invocation);
    case "yaml-commands":
      return yamlCommands(text, origin);
    case "tox":
      return toxCommands(text, origin);
    case "procfile":
      return text
        .split("\n")
        .flatMap((line) => /^[\w.-]+\s*:\s*(.+)$/.exec(line)?.[1] ?? [])
        .map((command) => script(command, origin));
    case "cmake":
      return readCode("cmake", text, origin, invocation);
  }
}
