import type { ExpandedWord } from "../extract/expanded-word.js";
import { literalWord } from "../extract/expanded-word.js";
import type { Invocation } from "../extract/invocation.js";
import type { Scope } from "../extract/scope.js";
import type { RuleHit } from "../finding.js";
import type { Nested } from "../normalize/nested.js";
import { judgeWriteTarget } from "../rules/write-targets.js";
import { awkActions } from "./awk.js";
import { gitTransportCommands, makefileTexts, sshConfigCommands } from "./config-commands.js";
import { programCommands } from "./program-commands.js";
import { sedActions } from "./sed.js";

export interface ToolActions {
  readonly nested: Nested[];
  readonly hits: RuleHit[];
}

const NONE: ToolActions = { nested: [], hits: [] };

/** `--opt=VALUE` or `--opt VALUE` for each listed option. */
function optionValues(args: readonly ExpandedWord[], names: readonly string[]): string[] {
  const found: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const value = args[index]!.value;
    for (const name of names) {
      if (value === name && args[index + 1]) found.push(args[index + 1]!.value);
      else if (value.startsWith(`${name}=`)) found.push(value.slice(name.length + 1));
    }
  }
  return found;
}

function scripts(texts: readonly string[], origin: string): Nested[] {
  return texts.map((text) => ({ kind: "script", text, origin }));
}

function tar(args: readonly ExpandedWord[]): ToolActions {
  const actions = optionValues(args, ["--checkpoint-action"])
    .filter((action) => /^exec=/.test(action))
    .map((action) => action.slice(5));
  const commands = [
    ...actions,
    ...optionValues(args, [
      "--to-command",
      "--use-compress-program",
      "-I",
      "--info-script",
      "--new-volume-script",
      "-F",
      "--rsh-command",
    ]),
  ];
  return { nested: scripts(commands, "tar"), hits: [] };
}

export const GIT_COMMAND_KEYS =
  /^(core\.(pager|editor|sshcommand|fsmonitor|askpass)|sequence\.editor|diff\.external|diff\..+\.(textconv|command)|merge\..+\.driver|filter\..+\.(clean|smudge|process)|gpg(\..+)?\.program|pager\..+|uploadpack\.packobjectshook|credential\.helper|remote\..+\.(uploadpack|receivepack|proxy))$/i;

function git(args: readonly ExpandedWord[]): ToolActions {
  const nested: Nested[] = [];
  const aliases = new Map<string, string>();
  let index = 0;
  for (; index < args.length; index += 1) {
    const value = args[index]!.value;
    if (value === "-c" && args[index + 1]) {
      const setting = args[index + 1]!.value;
      index += 1;
      const match = /^([^=]+)=([\s\S]*)$/.exec(setting);
      if (!match) continue;
      const key = match[1]!;
      const setValue = match[2]!;
      if (/^alias\./i.test(key)) aliases.set(key.slice(6), setValue);
      else if (GIT_COMMAND_KEYS.test(key)) {
        const command =
          key.toLowerCase() === "credential.helper"
            ? setValue.startsWith("!")
              ? setValue.slice(1)
              : ""
            : setValue;
        if (command) nested.push({ kind: "script", text: command, origin: `git -c ${key}` });
      }
    } else if (/^(-C|--git-dir|--work-tree|--namespace|--exec-path|--config-env)$/.test(value)) index += 1;
    else if (!value.startsWith("-")) break;
  }
  const subcommand = args[index]?.value;
  const alias = subcommand === undefined ? undefined : aliases.get(subcommand);
  if (alias?.startsWith("!")) {
    const rest = args
      .slice(index + 1)
      .map((word) => word.value)
      .join(" ");
    nested.push({ kind: "script", text: `${alias.slice(1)} ${rest}`, origin: `git alias '${subcommand}'` });
  }
  nested.push(
    ...scripts(optionValues(args.slice(index), ["--upload-pack", "--receive-pack", "--exec"]), "git"),
  );
  if (subcommand === "config") nested.push(...gitConfigCommands(args.slice(index + 1)));
  return { nested, hits: [] };
}

/**
 * `git config [--global] core.pager CMD`, `git config alias.x '!CMD'`: the setting is kept and the
 * command runs on a later git call, so it is judged now (reading or unsetting a key sets nothing).
 */
function gitConfigCommands(args: readonly ExpandedWord[]): Nested[] {
  const values = args.map((word) => word.value);
  if (
    values.some((value) =>
      /^(--get|--get-all|--get-regexp|--unset|--unset-all|--list|-l|--remove-section|--rename-section|--edit|-e)$/.test(
        value,
      ),
    )
  )
    return [];
  const operands = values.filter(
    (value, position) =>
      !value.startsWith("-") && !/^(-f|--file|--type|--blob|--default)$/.test(values[position - 1] ?? ""),
  );
  const skipped = operands[0] === "set" || operands[0] === "add" ? operands.slice(1) : operands;
  const [key, setting] = skipped;
  if (key === undefined || setting === undefined) return [];
  if (/^alias\./i.test(key))
    return setting.startsWith("!") ? scripts([setting.slice(1)], `git config ${key}`) : [];
  if (!GIT_COMMAND_KEYS.test(key)) return [];
  const command =
    key.toLowerCase() === "credential.helper" ? (setting.startsWith("!") ? setting.slice(1) : "") : setting;
  return command ? scripts([command], `git config ${key}`) : [];
}

function ssh(args: readonly ExpandedWord[]): ToolActions {
  const commands: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const value = args[index]!.value;
    let option: string | undefined;
    if (value === "-o") option = args[index + 1]?.value;
    else if (value.startsWith("-o")) option = value.slice(2);
    if (option === undefined) continue;
    const match =
      /^\s*(ProxyCommand|LocalCommand|KnownHostsCommand|RemoteCommand)\s*[=\s]\s*([\s\S]*)$/i.exec(option);
    if (match && match[2]!.trim().toLowerCase() !== "none" && match[1]!.toLowerCase() !== "remotecommand")
      commands.push(match[2]!);
  }
  return { nested: scripts(commands, "ssh -o"), hits: [] };
}

function rsync(args: readonly ExpandedWord[]): ToolActions {
  const commands = optionValues(args, ["-e", "--rsh"]);
  for (let index = 0; index < args.length; index += 1) {
    const value = args[index]!.value;
    if (/^-[a-zA-Z]*e$/.test(value) && value !== "-e" && args[index + 1])
      commands.push(args[index + 1]!.value);
    else if (/^-[a-zA-Z]*e./.test(value) && !value.startsWith("--"))
      commands.push(value.slice(value.indexOf("e") + 1));
  }
  return { nested: scripts(commands, "rsync -e"), hits: [] };
}

function make(
  invocation: Invocation,
  args: readonly ExpandedWord[],
  makefiles: readonly string[],
): ToolActions {
  const files = optionValues(args, ["-f", "--file", "--makefile"]);
  // tree-sitter drops the `-` of `make -f - <<EOF`: a trailing -f with a heredoc means stdin.
  if (args.at(-1)?.value === "-f" && invocation.stdin) files.push("-");
  const texts: string[] = [...optionValues(args, ["--eval", "-E"]), ...makefiles];
  if (files.some((file) => file === "-" || file === "/dev/stdin")) {
    const stdin = invocation.stdin?.read();
    if (stdin === undefined)
      return { nested: [{ kind: "script", text: undefined, origin: "make -f -" }], hits: [] };
    texts.push(stdin);
  }
  const nested: Nested[] = [];
  for (const text of texts) {
    for (const line of text.split("\n")) {
      if (line.startsWith("\t"))
        nested.push({ kind: "script", text: line.slice(1).replace(/^[@+-]+/, ""), origin: "a make recipe" });
    }
    for (const match of text.matchAll(/\$[({]shell\s+([^)}]*)[)}]/g))
      nested.push({ kind: "script", text: match[1]!, origin: "make $(shell …)" });
  }
  return { nested, hits: [] };
}

/** Tools that run commands given in options or scripts: tar, git, ssh, rsync, make, awk, sed, osascript. */
export function toolActions(
  name: string,
  invocation: Invocation,
  scope: Scope,
  fileText: (word: ExpandedWord) => string | undefined = () => undefined,
): ToolActions {
  const args = invocation.words.slice(1);
  switch (name) {
    case "tar":
    case "gtar":
    case "bsdtar":
      return tar(args);
    case "git": {
      const actions = git(args);
      return { ...actions, nested: [...actions.nested, ...gitTransportCommands(args)] };
    }
    case "ssh":
    case "scp":
    case "sftp":
    case "autossh": {
      const actions = ssh(args);
      return { ...actions, nested: [...actions.nested, ...sshConfigCommands(args, scope, fileText)] };
    }
    case "rsync":
      return rsync(args);
    case "make":
    case "gmake":
      return make(invocation, args, makefileTexts(args, fileText));
    case "awk":
    case "gawk":
    case "mawk":
    case "nawk":
      return awkActions(args, scope, fileText, {
        environment: (variable) =>
          invocation.assignments.find((assignment) => assignment.name === variable)?.value.value ??
          scope.variables.get(variable),
        ...(invocation.stdin?.read() === undefined ? {} : { input: invocation.stdin.read()! }),
      });
    case "sed":
    case "gsed":
      return sedActions(args, scope, invocation.stdin?.read(), fileText);
    case "osascript": {
      const code = optionValues(args, ["-e"]).join("\n");
      const nested: Nested[] = [];
      for (const match of code.matchAll(/do shell script\s+"((?:\\.|[^"])*)"/g))
        nested.push({ kind: "script", text: match[1]!.replace(/\\(.)/g, "$1"), origin: "osascript" });
      const hits: RuleHit[] =
        /shut down|restart|sleep/i.test(code) && /System Events|Finder/.test(code)
          ? [
              {
                rule: "power.osascript",
                severity: "dangerous",
                reason:
                  "this AppleScript would shut down, restart or sleep the Mac; ask the user to do it instead.",
              },
            ]
          : [];
      return { nested, hits };
    }
    default: {
      const nested = programCommands(name, invocation, fileText);
      return nested.length === 0 ? NONE : { nested, hits: [] };
    }
  }
}

export function deviceHit(path: string, scope: Scope, how: string): RuleHit | undefined {
  return judgeWriteTarget(literalWord(path, [0, 0], path), scope, how);
}
