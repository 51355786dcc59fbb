import { HOME_PATH, literalWord, UNKNOWN } from "../extract/expanded-word.js";
import type { Invocation } from "../extract/invocation.js";
import type { Scope } from "../extract/scope.js";
import { inner, joined } from "../normalize/inner-command.js";
import type { Nested } from "../normalize/nested.js";
import { parseCmdLine, type WindowsCommand } from "./cmd-line.js";
import { parsePowerShell } from "./powershell-line.js";
import { windowsVariable } from "./windows-variables.js";

/** PowerShell aliases and spellings of the cmdlets the rules judge. */
const POWERSHELL_ALIASES: Record<string, string> = {
  rm: "remove-item",
  del: "remove-item",
  erase: "remove-item",
  rd: "remove-item",
  ri: "remove-item",
  rmdir: "remove-item",
  saps: "start-process",
  start: "start-process",
  iex: "invoke-expression",
  icm: "invoke-command",
};

function commandName(word: string): string {
  return word
    .replace(/^.*[\\/]/, "")
    .replace(/\.(exe|com)$/i, "")
    .toLowerCase();
}

/** The PowerShell parameter `word` spells, matched by unambiguous prefix as PowerShell does. */
function isParameter(word: string, full: string, shortest: number): boolean {
  const lower = word.toLowerCase();
  if (!lower.startsWith("-") && !lower.startsWith("/")) return false;
  const name = lower.slice(1).replace(/:.*$/, "");
  return name.length >= shortest && full.startsWith(name);
}

/** `cmd /c TEXT`, `cmd //c TEXT` (MSYS spelling), `cmd /k TEXT`: the rest of the line is cmd text. */
export function cmdText(args: readonly string[]): string | undefined {
  const index = args.findIndex((arg) => /^\/\/?[ck]$/i.test(arg) || /^\/\/?[ck]\S/i.test(arg));
  if (index === -1) return undefined;
  const switchWord = args[index]!;
  const attached = switchWord.replace(/^\/\/?[ck]/i, "");
  const text = [attached, ...args.slice(index + 1)].filter((part) => part !== "").join(" ");
  // cmd strips one pair of outer quotes from the text after /c.
  return /^".*"$/s.test(text) ? text.slice(1, -1) : text;
}

/** The script a `powershell`/`pwsh` command line runs, when it is given inline. */
export function powerShellText(args: readonly string[]): { text: string | undefined } | undefined {
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (isParameter(arg, "encodedcommand", 1) && !isParameter(arg, "executionpolicy", 2)) {
      const encoded = args[index + 1];
      return { text: encoded === undefined ? undefined : decodeUtf16Base64(encoded) };
    }
    if (isParameter(arg, "command", 1)) {
      const rest = args.slice(index + 1);
      if (rest[0] === "-") return { text: undefined };
      return { text: rest.join(" ") };
    }
    if (isParameter(arg, "file", 1)) return undefined;
    if (/^[-/]/.test(arg)) {
      // Parameters that take a value: skip it.
      if (
        [
          "executionpolicy",
          "windowstyle",
          "workingdirectory",
          "configurationname",
          "version",
          "psconsolefile",
          "inputformat",
          "outputformat",
          "settingsfile",
          "custompipename",
        ].some((full) => isParameter(arg, full, 2))
      )
        index += 1;
      continue;
    }
    // The first word that is no parameter starts the command text.
    return { text: args.slice(index).join(" ") };
  }
  return undefined;
}

function decodeUtf16Base64(encoded: string): string | undefined {
  if (!/^[A-Za-z0-9+/=\s]+$/.test(encoded)) return undefined;
  return Buffer.from(encoded, "base64").toString("utf16le");
}

function homeWord(word: string): string {
  return /^~([\\/]|$)/.test(word) ? `${HOME_PATH}${word.slice(1).replaceAll("\\", "/")}` : word;
}

function toInvocation(
  carrier: Invocation,
  command: WindowsCommand,
  via: string,
  rename?: (name: string) => string,
): Nested {
  const [first = "", ...rest] = command.words;
  const name = rename ? rename(commandName(first)) : first;
  const words = [name, ...rest].map((value) => literalWord(value, carrier.span, value));
  return inner(carrier, words, via, { assignments: [], stdin: undefined });
}

function cmdCommands(text: string, carrier: Invocation, scope: Scope): Nested[] {
  const commands = parseCmdLine(text, (name) => windowsVariable(name, scope));
  return commands.flatMap((command) => windowsCommand(command, carrier, "cmd /c"));
}

function powerShellCommands(text: string, carrier: Invocation, scope: Scope): Nested[] {
  const commands = parsePowerShell(
    text,
    (name) => {
      if (name.toLowerCase() === "home") return HOME_PATH;
      return name.toLowerCase().startsWith("env:") ? windowsVariable(name.slice(4), scope) : undefined;
    },
    UNKNOWN,
  );
  return commands.flatMap((command) =>
    windowsCommand({ words: command.words.map(homeWord) }, carrier, "powershell -Command"),
  );
}

/** One command read from cmd or PowerShell text; the judge unwraps it again if it runs more. */
function windowsCommand(command: WindowsCommand, carrier: Invocation, via: string): Nested[] {
  const rename = via.startsWith("powershell")
    ? (value: string) => POWERSHELL_ALIASES[value] ?? value
    : undefined;
  return [toInvocation(carrier, command, via, rename)];
}

/** `start ["title"] [/d DIR] [/b] [/wait] … PROGRAM ARGS`: the program and its arguments. */
function startCommand(args: readonly string[]): string[] {
  let index = 0;
  while (index < args.length && /^\/\/?\w+$/.test(args[index]!)) {
    index += /^\/\/?(d|node|affinity)$/i.test(args[index]!) ? 2 : 1;
  }
  return args.slice(index);
}

/**
 * What a Windows command interpreter started from bash runs: `cmd /c`, `powershell -Command`, `pwsh -c`,
 * `-EncodedCommand` (base64 of UTF-16LE text), `start`, and `wsl` (bash text run in a Linux distribution).
 */
export function unwrapWindows(name: string, invocation: Invocation, scope: Scope): Nested[] {
  const args = invocation.words.slice(1).map((word) => word.value);
  switch (name) {
    case "cmd": {
      const text = cmdText(args);
      return text === undefined ? [] : cmdCommands(text, invocation, scope);
    }
    case "powershell":
    case "pwsh": {
      const found = powerShellText(args);
      if (found === undefined) return [];
      if (found.text === undefined)
        return [{ kind: "script", text: undefined, origin: `${name} with a command the gate cannot read` }];
      return powerShellCommands(found.text, invocation, scope);
    }
    case "invoke-expression":
      return args.length === 0 ? [] : powerShellCommands(args.join(" "), invocation, scope);
    case "start": {
      const rest = startCommand(args);
      return rest.length === 0 ? [] : windowsCommand({ words: rest }, invocation, "start");
    }
    case "wsl":
      return unwrapWsl(invocation);
    default:
      return [];
  }
}

const WSL_WITH_ARGUMENT = /^(-d|--distribution|-u|--user|--cd|--shell-type|--distribution-id)$/;

/** `wsl [-d DISTRO] [-u USER] [--cd DIR] [-e|--exec] [--] COMMAND…`: Linux commands, as bash text unless `-e`. */
function unwrapWsl(invocation: Invocation): Nested[] {
  const words = invocation.words.slice(1);
  for (let index = 0; index < words.length; index += 1) {
    const value = words[index]!.value;
    if (WSL_WITH_ARGUMENT.test(value)) index += 1;
    else if (value === "-e" || value === "--exec")
      return [inner(invocation, words.slice(index + 1), "wsl --exec")];
    else if (value === "--") return [{ kind: "script", text: joined(words.slice(index + 1)), origin: "wsl" }];
    else if (value.startsWith("-")) return [];
    else return [{ kind: "script", text: joined(words.slice(index)), origin: "wsl" }];
  }
  return [];
}
