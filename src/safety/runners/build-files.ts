import { UNKNOWN } from "../extract/expanded-word.js";
import type { Invocation } from "../extract/invocation.js";
import { virtualPath } from "../extract/paths.js";
import type { Scope } from "../extract/scope.js";
import { inner } from "../normalize/inner-command.js";
import type { Nested } from "../normalize/nested.js";
import { shownPath } from "../reparse/written-files.js";
import { words as literalCommand } from "./code-readers.js";

/**
 * Build and install tools that run code from a project's files (issue 24, principle 2), for files
 * this command wrote: `pip install DIR` runs DIR/setup.py, `npm install DIR` its package.json
 * lifecycle scripts, `meson setup` meson.build's run_command(), `ansible-playbook FILE` the
 * playbook's shell/command/raw tasks, `gradle -I FILE` (and build.gradle) its exec commandLine and
 * `"…".execute()`. `python -m MODULE` is the module's program (`python3 -m pytest` is pytest). A
 * file already in the repository is the repository's own; a written one with computed content is
 * reported as such.
 */

function written(path: string, scope: Scope): [string, string] | undefined {
  const resolved = virtualPath(path, scope);
  const text = resolved === undefined ? undefined : scope.files.get(resolved);
  return resolved === undefined || text === undefined ? undefined : [resolved, text];
}

function script(text: string | undefined, origin: string, path: string): Nested {
  return { kind: "script", text, origin, ...(text === undefined ? { written: shownPath(path) } : {}) };
}

function strings(text: string): string[] {
  return [...text.matchAll(/"((?:\\.|[^"\\])*)"|'((?:\\.|[^'\\])*)'/g)].map((match) =>
    (match[1] ?? match[2]!).replace(/\\(.)/g, "$1"),
  );
}

/** Reads one written file with `read`, or reports its content as computed. */
function fromFile(path: string, scope: Scope, origin: string, read: (text: string) => Nested[]): Nested[] {
  const file = written(path, scope);
  if (!file) return [];
  const [resolved, text] = file;
  const label = `${origin} ${shownPath(resolved)}`;
  return text.includes(UNKNOWN) ? [script(undefined, label, resolved)] : read(text);
}

const LOCAL_PATH = /^(\.{1,2}(\/|$)|\/|~\/)/;

function installDirectories(args: readonly string[]): string[] {
  return args
    .slice(1)
    .filter((arg) => LOCAL_PATH.test(arg) && !/\.(whl|tar\.gz|zip|tgz)$/.test(arg))
    .map((arg) => arg.replace(/\/+$/, "") || "/");
}

const LIFECYCLE = ["preinstall", "install", "postinstall", "prepare", "prepublish"];

function packageScripts(text: string, origin: string, path: string): Nested[] {
  try {
    const parsed: unknown = JSON.parse(text);
    const scripts =
      parsed && typeof parsed === "object" && "scripts" in parsed
        ? (parsed as { scripts: unknown }).scripts
        : {};
    if (!scripts || typeof scripts !== "object") return [];
    return Object.entries(scripts)
      .filter(([key, value]) => LIFECYCLE.includes(key) && typeof value === "string")
      .map(([key, value]) => script(value as string, `${origin} runs its ${key} script`, path));
  } catch {
    return [script(undefined, origin, path)];
  }
}

function gradleCommands(text: string, origin: string, invocation: Invocation, path: string): Nested[] {
  const found: Nested[] = [];
  for (const match of text.matchAll(
    /\bcommandLine\s*\(?\s*((?:(?:"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*')\s*,?\s*)+)/g,
  ))
    found.push(literalCommand(invocation, strings(match[1]!), origin));
  for (const match of text.matchAll(/(?:"((?:\\.|[^"\\])*)"|'((?:\\.|[^'\\])*)')\s*\.\s*execute\s*\(/g))
    found.push(script(match[1] ?? match[2], origin, path));
  return found;
}

const ANSIBLE_TASK = /^\s*-?\s*(?:ansible\.(?:builtin|legacy)\.)?(shell|command|raw)\s*:\s*(.*)$/;

function playbookCommands(text: string, origin: string, path: string): Nested[] {
  const found: Nested[] = [];
  const lines = text.split("\n");
  lines.forEach((line, index) => {
    const task = ANSIBLE_TASK.exec(line);
    if (!task) return;
    let value = task[2]!.trim();
    // `shell: |` / `shell: >`: the lines indented deeper below are the command.
    if (/^[|>][-+]?$/.test(value)) {
      const indent = /^\s*/.exec(line)![0].length;
      const block: string[] = [];
      for (const next of lines.slice(index + 1)) {
        if (next.trim() !== "" && /^\s*/.exec(next)![0].length <= indent) break;
        block.push(next.trim());
      }
      value = block.join(value.startsWith(">") ? " " : "\n").trim();
    }
    value = value.replace(/^(["'])(.*)\1$/s, "$2");
    if (value !== "") found.push(script(value, origin, path));
  });
  return found;
}

/** The commands a build or install tool runs from files this command wrote; [] for other programs. */
const PROGRAMS =
  /^(python|pypy|pip)\d*(\.\d+)?$|^(npm|pnpm|yarn|meson|ansible-playbook|gradle|gradlew|\.\/gradlew)$/;

export function buildFileCommands(name: string, invocation: Invocation, scope: Scope): Nested[] {
  // Checked first: every simple command passes here, and most are none of these.
  if (!PROGRAMS.test(name)) return [];
  const args = invocation.words.slice(1).map((word) => word.value);
  if (/^(python|pypy)(\d+(\.\d+)*)?$/.test(name)) {
    const module = args.indexOf("-m");
    if (module === -1 || args[module + 1] === undefined || args.slice(0, module).some((arg) => arg === "-c"))
      return [];
    const words = invocation.words.slice(module + 2);
    return [inner(invocation, words, `${name} -m`)];
  }
  const sub = args.find((arg) => !arg.startsWith("-"));
  if (/^pip\d*(\.\d+)?$/.test(name) && sub === "install") {
    return installDirectories(args.filter((arg) => arg !== "-e" && arg !== "--editable")).flatMap(
      (directory) =>
        fromFile(`${directory}/setup.py`, scope, `${name} install runs`, (text) => [
          literalCommand(invocation, ["python3", "-c", text], `${name} install runs ${directory}/setup.py`),
        ]),
    );
  }
  if (/^(npm|pnpm|yarn)$/.test(name) && /^(install|i|add)$/.test(sub ?? "")) {
    return installDirectories(args).flatMap((directory) => {
      const path = `${directory}/package.json`;
      return fromFile(path, scope, `${name} install`, (text) =>
        packageScripts(text, `${name} install ${directory}`, path),
      );
    });
  }
  if (name === "meson" && /^(setup|configure)$/.test(sub ?? "")) {
    const operands = args.filter((arg) => !arg.startsWith("-"));
    const source = operands[2] ?? ".";
    return fromFile(`${source}/meson.build`, scope, "meson setup runs", (text) =>
      [...text.matchAll(/\brun_command\s*\(([^)]*)\)/g)].map((match) =>
        literalCommand(
          invocation,
          strings(match[1]!.replace(/\b\w+\s*:\s*[^,]*/g, "")),
          "meson setup runs run_command",
        ),
      ),
    );
  }
  if (name === "ansible-playbook") {
    return args
      .filter((arg) => /\.ya?ml$/.test(arg))
      .flatMap((file) =>
        fromFile(file, scope, "ansible-playbook runs", (text) =>
          playbookCommands(text, `ansible-playbook ${file}`, file),
        ),
      );
  }
  if (name === "gradle" || name === "gradlew" || name === "./gradlew") {
    const files = args.flatMap((arg, index) =>
      arg === "-I" || arg === "--init-script"
        ? [args[index + 1] ?? ""]
        : arg.startsWith("--init-script=")
          ? [arg.slice(14)]
          : [],
    );
    return [...files, "build.gradle", "build.gradle.kts", "settings.gradle"].flatMap((file) =>
      fromFile(file, scope, "gradle runs", (text) =>
        gradleCommands(text, `gradle reading ${file}`, invocation, file),
      ),
    );
  }
  return [];
}
