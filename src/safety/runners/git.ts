import { type ExpandedWord, HOME_PATH, literalWord } from "../extract/expanded-word.js";
import type { Invocation } from "../extract/invocation.js";
import { virtualPath } from "../extract/paths.js";
import type { Scope } from "../extract/scope.js";
import type { Nested } from "../normalize/nested.js";
import { writtenScripts } from "../reparse/written-files.js";
import { GIT_COMMAND_OPERANDS, GIT_COMMAND_OPTIONS, gitSettingCommand } from "./git-keys.js";
import type { FileText } from "./runner-sources.js";

/**
 * git as a runner: every place a git invocation takes configuration from — `-c key=value`,
 * `--config-env`, `GIT_CONFIG_COUNT`/`GIT_CONFIG_KEY_n`/`GIT_CONFIG_VALUE_n`, `GIT_CONFIG_PARAMETERS`,
 * and the config files this command wrote (`.git/config`, `~/.gitconfig`, `$GIT_CONFIG_GLOBAL`,
 * `include.path`) — read against the table of keys whose value is a command (git-keys.ts); the
 * subcommand options and operands that are commands; `ext::` URLs; hooks written into `core.hooksPath`
 * or a `--template` directory. Config files the command did not write are the user's own.
 */

interface Setting {
  readonly key: string;
  readonly value: string;
  readonly origin: string;
}

/** Global options that take a value (git(1)). */
const GLOBAL_WITH_VALUE =
  /^(-C|-c|--git-dir|--work-tree|--namespace|--exec-path|--config-env|--super-prefix|--list-cmds)$/;

/** `[section "sub"]` / `key = value` text as settings (git-config(1) syntax). */
export function parseGitConfig(text: string, origin: string): Setting[] {
  const settings: Setting[] = [];
  let section = "";
  for (const raw of text.split("\n")) {
    const line = raw.replace(/(^|\s)[#;].*$/, "").trim();
    if (line === "") continue;
    const header = /^\[\s*([\w.-]+)(?:\s+"((?:\\.|[^"])*)")?\s*\](.*)$/.exec(line);
    if (header) {
      section = header[2] === undefined ? header[1]! : `${header[1]}.${header[2]}`;
      const rest = header[3]!.trim();
      if (rest === "") continue;
      const inline = /^([\w-]+)\s*=\s*(.*)$/.exec(rest);
      if (inline) settings.push({ key: `${section}.${inline[1]}`, value: unquote(inline[2]!), origin });
      continue;
    }
    const entry = /^([\w-]+)\s*(?:=\s*(.*))?$/.exec(line);
    if (entry && section !== "")
      settings.push({ key: `${section}.${entry[1]}`, value: unquote(entry[2] ?? "true"), origin });
  }
  return settings;
}

function unquote(value: string): string {
  const trimmed = value.trim();
  return /^".*"$/.test(trimmed) ? trimmed.slice(1, -1).replace(/\\(.)/g, "$1") : trimmed;
}

/** `'core.pager'='less -R' 'alias.x'='!y'`: git's own quoting of GIT_CONFIG_PARAMETERS. */
function configParameters(text: string): Setting[] {
  const settings: Setting[] = [];
  for (const match of text.matchAll(/'((?:[^']|'\\'')*)'(?:='((?:[^']|'\\'')*)')?/g)) {
    const key = match[1]!.replaceAll("'\\''", "'");
    const value = match[2]?.replaceAll("'\\''", "'");
    if (value !== undefined) settings.push({ key, value, origin: "GIT_CONFIG_PARAMETERS" });
    else {
      const split = /^([^=]+)=([\s\S]*)$/.exec(key);
      if (split) settings.push({ key: split[1]!, value: split[2]!, origin: "GIT_CONFIG_PARAMETERS" });
    }
  }
  return settings;
}

function file(path: string): ExpandedWord {
  return literalWord(path, [0, 0], path);
}

/** Every written file below a directory (hooks in `core.hooksPath`, a template's `hooks/`). */
function writtenBelow(directory: string, scope: Scope): Array<[string, string]> {
  const base = virtualPath(directory, scope);
  if (base === undefined) return [];
  const prefix = base.endsWith("/") ? base : `${base}/`;
  return [...scope.files.entries()].filter(([path]) => path.startsWith(prefix));
}

function script(text: string, origin: string): Nested {
  return { kind: "script", text, origin };
}

/** The commands and scripts a git invocation runs. */
export function gitCommands(invocation: Invocation, scope: Scope, fileText: FileText): Nested[] {
  const args = invocation.words.slice(1);
  const variable = (name: string) =>
    invocation.assignments.find((assignment) => assignment.name === name)?.value.value ??
    scope.variables.get(name);
  const settings: Setting[] = [];
  let directory: string | undefined;
  let pager = true;
  let execPath: string | undefined;
  let index = 0;
  for (; index < args.length; index += 1) {
    const value = args[index]!.value;
    const next = args[index + 1]?.value;
    if (value === "-c" && next !== undefined) {
      const match = /^([^=]+)=([\s\S]*)$/.exec(next);
      if (match) settings.push({ key: match[1]!, value: match[2]!, origin: `git -c ${match[1]}` });
    } else if (value === "--config-env" || value.startsWith("--config-env=")) {
      const spec = value === "--config-env" ? next : value.slice(13);
      const match = spec === undefined ? null : /^([^=]+)=(\w+)$/.exec(spec);
      const from = match ? variable(match[2]!) : undefined;
      if (match && from !== undefined)
        settings.push({ key: match[1]!, value: from, origin: `git --config-env ${match[1]}` });
      if (value !== "--config-env") continue;
    } else if (value.startsWith("--exec-path=")) execPath = value.slice(12);
    else if (value === "-C" && next !== undefined) directory = next;
    else if (value === "-P" || value === "--no-pager") pager = false;
    if (GLOBAL_WITH_VALUE.test(value)) index += 1;
    else if (!value.startsWith("-")) break;
  }
  const count = Number(variable("GIT_CONFIG_COUNT") ?? "0");
  for (let n = 0; n < Math.min(count, 64); n += 1) {
    const key = variable(`GIT_CONFIG_KEY_${n}`);
    const value = variable(`GIT_CONFIG_VALUE_${n}`);
    if (key !== undefined && value !== undefined)
      settings.push({ key, value, origin: `GIT_CONFIG_KEY_${n}=${key}` });
  }
  const parameters = variable("GIT_CONFIG_PARAMETERS");
  if (parameters) settings.push(...configParameters(parameters));
  const home = scope.variables.get("HOME") ?? HOME_PATH;
  const repository = directory === undefined ? "" : `${directory.replace(/\/+$/, "")}/`;
  const files = [
    `${repository}.git/config`,
    `${home}/.gitconfig`,
    `${variable("XDG_CONFIG_HOME") ?? `${home}/.config`}/git/config`,
    variable("GIT_CONFIG_GLOBAL"),
    variable("GIT_CONFIG_SYSTEM"),
    variable("GIT_CONFIG"),
  ].filter((path): path is string => path !== undefined && path !== "");
  const read = new Set<string>();
  const readFile = (path: string) => {
    if (read.has(path) || read.size > 16) return;
    read.add(path);
    const text = fileText(file(path));
    if (text !== undefined) settings.push(...parseGitConfig(text, `git config in ${path}`));
  };
  for (const path of files) readFile(path);
  // include.path names more config files; the settings list grows while it is walked.
  for (let at = 0; at < settings.length; at += 1) {
    const setting = settings[at]!;
    if (/^include(if\..+)?\.path$/i.test(setting.key)) readFile(setting.value.replace(/^~(?=\/)/, home));
  }

  const nested: Nested[] = [];
  const subcommand = args[index]?.value;
  const rest = args.slice(index + 1);
  for (const setting of settings) {
    if (!pager && /^(core\.pager|pager\..+)$/i.test(setting.key)) continue;
    if (/^alias\./i.test(setting.key)) {
      // An alias runs only when it is the subcommand, with the rest of the words after it.
      if (setting.key.slice(6).toLowerCase() !== subcommand?.toLowerCase() || !setting.value.startsWith("!"))
        continue;
      nested.push(
        script(
          `${setting.value.slice(1)} ${rest.map((word) => word.value).join(" ")}`,
          `git alias '${subcommand}'`,
        ),
      );
      continue;
    }
    const command = gitSettingCommand(setting.key, setting.value);
    if (command !== undefined) nested.push(script(command, setting.origin));
    if (/^core\.hookspath$/i.test(setting.key) || /^init\.templatedir$/i.test(setting.key)) {
      const hooks = /templatedir/i.test(setting.key) ? `${setting.value}/hooks` : setting.value;
      for (const [path, text] of writtenBelow(hooks, scope)) nested.push(script(text, `a hook in ${path}`));
    }
  }
  // Options whose value is a command, and `--template=DIR` whose hooks a new repository gets.
  const options = subcommand === undefined ? [] : (GIT_COMMAND_OPTIONS[subcommand] ?? []);
  rest.forEach((word, position) => {
    for (const option of options) {
      if (word.value === option && rest[position + 1])
        nested.push(script(rest[position + 1]!.value, `git ${subcommand} ${option}`));
      else if (option.startsWith("--") && word.value.startsWith(`${option}=`))
        nested.push(script(word.value.slice(option.length + 1), `git ${subcommand} ${option}`));
      else if (!option.startsWith("--") && word.value.startsWith(option) && word.value.length > option.length)
        nested.push(script(word.value.slice(option.length), `git ${subcommand} ${option}`));
    }
    const template =
      /^--template=(.+)$/.exec(word.value)?.[1] ??
      (word.value === "--template" ? rest[position + 1]?.value : undefined);
    if (template && (subcommand === "init" || subcommand === "clone"))
      for (const [path, text] of writtenBelow(`${template}/hooks`, scope))
        nested.push(script(text, `a template hook ${path}`));
  });
  const operands = subcommand === undefined ? undefined : GIT_COMMAND_OPERANDS[subcommand];
  if (operands?.includes(rest[0]?.value ?? "") && rest.length > 1) {
    const command = rest
      .slice(1)
      .map((word) => word.value)
      .join(" ");
    nested.push(script(command, `git ${subcommand} ${rest[0]!.value}`));
  }
  // ext:: runs its command unless the protocol is turned off (git's default policy is the user's config).
  const extAllowed = !settings.some(
    (setting) => /^protocol\.(ext\.)?allow$/i.test(setting.key) && /^never$/i.test(setting.value.trim()),
  );
  if (extAllowed) nested.push(...extCommands(args));
  if (subcommand !== undefined && /^[\w.-]+$/.test(subcommand))
    nested.push(
      ...externalSubcommand(
        subcommand,
        [execPath ?? variable("GIT_EXEC_PATH"), ...(variable("PATH") ?? "").split(":")],
        scope,
      ),
    );
  if (subcommand === "config") nested.push(...gitConfigCommands(rest));
  return nested;
}

/**
 * `git NAME` that is not built in runs the program `git-NAME` from the exec path (`--exec-path=DIR`,
 * `GIT_EXEC_PATH`), then from PATH (git(1)). A `git-NAME` this command wrote into one of those
 * directories is judged by what it holds (a built-in of the same name would run instead, so this
 * only errs strict); programs already there are the system's own.
 */
function externalSubcommand(
  name: string,
  directories: readonly (string | undefined)[],
  scope: Scope,
): Nested[] {
  for (const directory of directories) {
    if (directory === undefined || directory === "") continue;
    const found = writtenScripts(
      `${directory.replace(/\/+$/, "")}/git-${name}`,
      `git ${name} (the program git-${name})`,
      scope,
    );
    if (found.length > 0) return found;
  }
  return [];
}

/** `ext::CMD ARG…` runs CMD (`% ` is a space inside an argument, `%%` a percent sign). */
function extCommands(args: readonly ExpandedWord[]): Nested[] {
  return args
    .filter((word) => word.value.startsWith("ext::"))
    .map((word) =>
      script(
        word.value
          .slice(5)
          .split(/(?<!%) /)
          .map((part) => `'${part.replace(/%(.)/g, "$1").replaceAll("'", "'\\''")}'`)
          .join(" "),
        "git ext:: URL",
      ),
    );
}

/** `git config` options that only read, unset, list or edit: such a call sets nothing. */
const CONFIG_READS =
  /^(--get|--get-all|--get-regexp|--get-urlmatch|--unset|--unset-all|--list|-l|--remove-section|--rename-section|--edit|-e)$/;

/**
 * What `git config [--global|--system] [set|add] KEY VALUE` sets (the words after `config`), or
 * undefined for a call that sets nothing. `userScope`: the setting goes to the user's or the
 * system's file, so every repository's later git calls see it.
 */
export function gitConfigAssignment(
  values: readonly string[],
): { readonly key: string; readonly value: string; readonly userScope: boolean } | undefined {
  if (values.some((value) => CONFIG_READS.test(value))) return undefined;
  const operands = values.filter(
    (value, position) =>
      !value.startsWith("-") && !/^(-f|--file|--type|--blob|--default)$/.test(values[position - 1] ?? ""),
  );
  const [key, value] = operands[0] === "set" || operands[0] === "add" ? operands.slice(1) : operands;
  if (key === undefined || value === undefined) return undefined;
  return { key, value, userScope: values.some((word) => word === "--global" || word === "--system") };
}

/** Where git's subcommand is among its arguments (after the global options), or -1. */
export function gitSubcommandIndex(values: readonly string[]): number {
  for (let index = 0; index < values.length; index += 1) {
    if (GLOBAL_WITH_VALUE.test(values[index]!)) index += 1;
    else if (!values[index]!.startsWith("-")) return index;
  }
  return -1;
}

/**
 * `git config [--global] core.pager CMD`, `git config alias.x '!CMD'`: the setting is kept and the
 * command runs on a later git call, so it is judged now (reading or unsetting a key sets nothing).
 */
function gitConfigCommands(args: readonly ExpandedWord[]): Nested[] {
  const setting = gitConfigAssignment(args.map((word) => word.value));
  const command = setting && gitSettingCommand(setting.key, setting.value);
  return command === undefined ? [] : [script(command, `git config ${setting?.key}`)];
}
