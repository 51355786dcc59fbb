import { literalWord } from "../extract/expanded-word.js";
import type { Assignment, Invocation } from "../extract/invocation.js";
import { virtualPath } from "../extract/paths.js";
import type { Scope } from "../extract/scope.js";
import { inner } from "../normalize/inner-command.js";
import type { Nested } from "../normalize/nested.js";
import { gitSettingCommand } from "../runners/git-keys.js";

/**
 * What a start-up or preload variable makes the next program run, when the text is known: a file this
 * command wrote and names in BASH_ENV/ENV, the code of PERL5DB or of a `-M'mod;code'` in PERL5OPT, a
 * module or start-up file written for python, node or ruby (PYTHONSTARTUP, PYTHONPATH, NODE_OPTIONS
 * --require/--import, RUBYOPT -r), and the command of LESSOPEN/LESSCLOSE. `known` is true when the
 * variable's whole effect was found, so it needs no blanket rule.
 */
export interface EnvironmentHook {
  readonly nested: Nested[];
  readonly known: boolean;
}

function fileText(path: string, scope: Scope): string | undefined {
  const resolved = virtualPath(path, scope);
  return resolved === undefined ? undefined : scope.files.get(resolved);
}

/** `perl -e CODE` and the like, judged by the interpreter's own rules. */
function interpreterRun(invocation: Invocation, program: string, code: string, origin: string): Nested {
  const span = invocation.span;
  const flag = program === "python3" ? "-c" : "-e";
  const words = [literalWord(program, span), literalWord(flag, span), literalWord(code, span)];
  // Without the variable itself, which would otherwise hand the same code over again.
  return inner(invocation, words, origin, { assignments: [], stdin: undefined });
}

/** Values of an option in a whitespace-split option variable (`--require X`, `--require=X`, `-rX`). */
function optionValues(text: string, names: readonly string[], short?: string): string[] {
  const words = text.trim().split(/\s+/);
  const found: string[] = [];
  words.forEach((word, index) => {
    for (const name of names) {
      if (word === name && words[index + 1]) found.push(words[index + 1]!);
      else if (word.startsWith(`${name}=`)) found.push(word.slice(name.length + 1));
    }
    if (short && word.startsWith(short) && word.length > short.length) found.push(word.slice(short.length));
    if (short && word === short && words[index + 1]) found.push(words[index + 1]!);
  });
  return found;
}

/** Every written file below a directory, for module search paths. */
function filesBelow(directory: string, scope: Scope, extension: string): string[] {
  const base = virtualPath(directory, scope);
  if (base === undefined) return [];
  const prefix = base.endsWith("/") ? base : `${base}/`;
  return [...scope.files.entries()]
    .filter(([file]) => file.startsWith(prefix) && file.endsWith(extension))
    .map(([, text]) => text);
}

export function environmentHook(
  assignment: Assignment,
  invocation: Invocation,
  scope: Scope,
): EnvironmentHook {
  const value = assignment.value.value;
  const none: EnvironmentHook = { nested: [], known: false };
  const origin = assignment.name;
  switch (assignment.name) {
    case "BASH_ENV":
    case "ENV": {
      const text = assignment.value.substitution ? undefined : fileText(value, scope);
      return text === undefined ? none : { nested: [{ kind: "script", text, origin }], known: true };
    }
    case "PERL5DB":
      return { nested: [interpreterRun(invocation, "perl", value, origin)], known: true };
    case "PERL5OPT": {
      // perl runs `-M'Mod;code'` as `use Mod;code;`.
      const code = optionValues(value, [], "-M")
        .concat(optionValues(value, [], "-m"))
        .filter((module) => module.includes(";"))
        .map((module) => module.slice(module.indexOf(";") + 1));
      return { nested: code.map((text) => interpreterRun(invocation, "perl", text, origin)), known: false };
    }
    case "PYTHONSTARTUP": {
      const text = fileText(value, scope);
      return text === undefined
        ? none
        : { nested: [interpreterRun(invocation, "python3", text, origin)], known: true };
    }
    case "PYTHONPATH": {
      const modules = value.split(":").flatMap((directory) => filesBelow(directory, scope, ".py"));
      return {
        nested: modules.map((text) => interpreterRun(invocation, "python3", text, origin)),
        known: false,
      };
    }
    case "NODE_OPTIONS": {
      const files = optionValues(value, ["--require", "--import", "--loader", "--experimental-loader"], "-r");
      const texts = files.map((file) => fileText(file, scope)).filter((text) => text !== undefined);
      return { nested: texts.map((text) => interpreterRun(invocation, "node", text, origin)), known: false };
    }
    case "RUBYOPT": {
      const files = optionValues(value, [], "-r").flatMap((file) => [file, `${file}.rb`]);
      const texts = files.map((file) => fileText(file, scope)).filter((text) => text !== undefined);
      return { nested: texts.map((text) => interpreterRun(invocation, "ruby", text, origin)), known: false };
    }
    case "LESSOPEN":
    case "LESSCLOSE": {
      // `|cmd %s`, `||cmd %s`, `|-cmd %s`: less runs cmd through the shell with %s the file name.
      const command = value.replace(/^\|{1,2}-?\s*/, "").replaceAll("%s", "file");
      return { nested: [{ kind: "script", text: command, origin }], known: true };
    }
    default: {
      // `GIT_CONFIG_KEY_0=core.pager GIT_CONFIG_VALUE_0=CMD git log`: configuration by environment.
      const pair = /^GIT_CONFIG_VALUE_(\d+)$/.exec(assignment.name);
      if (!pair) return none;
      const keyName = `GIT_CONFIG_KEY_${pair[1]}`;
      const key =
        invocation.assignments.find((other) => other.name === keyName)?.value.value ??
        scope.variables.get(keyName);
      if (key === undefined) return none;
      const command = /^alias\./i.test(key) ? "" : (gitSettingCommand(key, value) ?? "");
      return command === ""
        ? none
        : { nested: [{ kind: "script", text: command, origin: `${keyName}=${key}` }], known: true };
    }
  }
}
