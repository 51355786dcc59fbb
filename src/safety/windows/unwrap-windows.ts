import { type ExpandedWord, HOME_PATH, hasUnknown, literalWord, UNKNOWN } from "../extract/expanded-word.js";
import type { Invocation } from "../extract/invocation.js";
import { virtualPath } from "../extract/paths.js";
import type { Scope } from "../extract/scope.js";
import { inner } from "../normalize/inner-command.js";
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

/**
 * What a `powershell`/`pwsh` command line runs: inline text, a script file (`-File x.ps1`, a first
 * operand), or its standard input (`-`, `-Command -`).
 */
export function powerShellText(
  args: readonly string[],
): { text: string | undefined } | { file: string } | { stdin: true } | undefined {
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (isParameter(arg, "encodedcommand", 1) && !isParameter(arg, "executionpolicy", 2)) {
      const encoded = args[index + 1];
      return { text: encoded === undefined ? undefined : decodeUtf16Base64(encoded) };
    }
    if (isParameter(arg, "command", 1)) {
      const rest = args.slice(index + 1);
      if (rest[0] === "-") return { stdin: true };
      return { text: rest.join(" ") };
    }
    if (isParameter(arg, "file", 1)) {
      const file = args[index + 1];
      return file === undefined ? undefined : { file };
    }
    if (arg === "-") return { stdin: true };
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
    // The first word that is no parameter starts the command text (a script path is run as a file).
    if (/\.ps1$/i.test(arg)) return { file: arg };
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

const MAX_SCRIPT_DEPTH = 4;

function cmdCommands(text: string, carrier: Invocation, scope: Scope, depth = 0): Nested[] {
  if (depth > MAX_SCRIPT_DEPTH) return [];
  const commands = parseCmdLine(text, (name) => windowsVariable(name, scope));
  return commands.flatMap((command) => {
    // `call x.bat` runs the batch file in this cmd; `x.bat` alone hands it over. Either way cmd reads it.
    const words = /^call$/i.test(command.words[0] ?? "") ? command.words.slice(1) : command.words;
    const batch = words[0] === undefined ? undefined : batchFile(words[0], scope);
    if (batch !== undefined) return cmdCommands(batch, carrier, scope, depth + 1);
    return windowsCommand({ ...command, words }, carrier, "cmd /c");
  });
}

/**
 * The text of a batch file this command wrote earlier (`printf … > x.bat; cmd //c x.bat`), found as
 * cmd finds it: the name as given, or with `.bat` or `.cmd` added. Undefined for any other program.
 */
export function batchFile(program: string, scope: Scope): string | undefined {
  const spellings = /\.(bat|cmd)$/i.test(program) ? [program] : [`${program}.bat`, `${program}.cmd`];
  for (const spelling of spellings) {
    const resolved = virtualPath(spelling.replaceAll("\\", "/"), scope.cwd);
    const content = resolved === undefined ? undefined : scope.files.get(resolved);
    if (content !== undefined) return content;
  }
  return undefined;
}

/** A `.ps1` file this command wrote earlier (`echo … > x.ps1; powershell -File x.ps1`), else undefined. */
function powerShellFile(file: string, scope: Scope): string | undefined {
  const resolved = virtualPath(file.replaceAll("\\", "/"), scope.cwd);
  return resolved === undefined ? undefined : scope.files.get(resolved);
}

/** Text PowerShell runs that is not a statement of its own: `[scriptblock]::Create('…')`. */
const SCRIPT_BLOCK_TEXT =
  /\[(?:System\.Management\.Automation\.)?scriptblock\]::create\(\s*('(?:[^']|'')*'|"[^"]*")?/gi;
/** .NET deletions PowerShell can call directly: judged as the `Remove-Item` they amount to. */
const DOTNET_DELETE =
  /\[(?:System\.)?IO\.(Directory|File)\]::Delete\(\s*('(?:[^']|'')*'|"[^"]*")\s*(,\s*\$true)?/gi;

function powerShellCommands(text: string, carrier: Invocation, scope: Scope, depth = 0): Nested[] {
  if (depth > MAX_SCRIPT_DEPTH) return [];
  const extra: Nested[] = [];
  for (const match of text.matchAll(SCRIPT_BLOCK_TEXT)) {
    const literal = match[1];
    extra.push(
      ...(literal === undefined
        ? [
            {
              kind: "script",
              text: undefined,
              origin: "[scriptblock]::Create of text the gate cannot read",
            } as const,
          ]
        : powerShellCommands(unquote(literal), carrier, scope, depth + 1)),
    );
  }
  for (const match of text.matchAll(DOTNET_DELETE)) {
    const words = ["remove-item", ...(match[3] ? ["-Recurse"] : []), "-Force", unquote(match[2]!)];
    extra.push(toInvocation(carrier, { words }, "powershell -Command"));
  }
  const commands = parsePowerShell(
    text,
    (name) => {
      if (name.toLowerCase() === "home") return HOME_PATH;
      // PowerShell's constants stay as written, so a rule can read `-Enabled $false`.
      if (/^(true|false|null)$/i.test(name)) return `$${name.toLowerCase()}`;
      return name.toLowerCase().startsWith("env:") ? windowsVariable(name.slice(4), scope) : undefined;
    },
    UNKNOWN,
  );
  return [
    ...extra,
    ...commands.flatMap((command, index) => {
      if (command.expression) return [];
      const words = command.words.map(homeWord);
      const name = POWERSHELL_ALIASES[commandName(words[0]!)] ?? commandName(words[0]!);
      // A script file run by its path (`& ./x.ps1`, `.\x.ps1`).
      if (/\.ps1$/i.test(words[0]!)) {
        const content = powerShellFile(words[0]!, scope);
        return content === undefined ? [] : powerShellCommands(content, carrier, scope, depth + 1);
      }
      if (name === "invoke-expression") {
        const args = words.slice(1).filter((word) => !isParameter(word, "command", 1));
        const argument = args.join(" ");
        if (args.length > 0 && !hasUnknown(argument))
          return powerShellCommands(argument, carrier, scope, depth + 1);
        // `'text' | iex`: the text is the output of a string expression before it.
        const before = commands[index - 1];
        const piped =
          args.length > 0
            ? undefined
            : command.piped && before?.expression && before.words.length === 1
              ? before.words[0]
              : undefined;
        return piped === undefined || hasUnknown(piped)
          ? [
              {
                kind: "script",
                text: undefined,
                origin: "Invoke-Expression of text the gate cannot read",
              } as const,
            ]
          : powerShellCommands(piped, carrier, scope, depth + 1);
      }
      if (name === "remove-item" && command.piped) {
        // `Get-ChildItem PATH | Remove-Item`: the items listed before the pipe are removed.
        const listed = pipedItems(commands[index - 1]);
        if (listed !== undefined && !words.slice(1).some((word) => !word.startsWith("-")))
          return windowsCommand({ words: [...words, ...listed] }, carrier, "powershell -Command");
      }
      if (name === "invoke-command" || name === "start-job") {
        const file = words.findIndex((word) => isParameter(word, "filepath", 1));
        const content = file === -1 ? undefined : powerShellFile(words[file + 1] ?? "", scope);
        if (content !== undefined) return powerShellCommands(content, carrier, scope, depth + 1);
      }
      return windowsCommand({ words }, carrier, "powershell -Command");
    }),
  ];
}

/** What `Get-ChildItem PATH` (`gci`, `ls`, `dir`, `Get-Item`) sends down a pipe, as a path pattern. */
function pipedItems(before: WindowsCommand | undefined): string[] | undefined {
  if (!before || before.expression) return undefined;
  const [first = "", ...rest] = before.words;
  const name = commandName(first);
  if (!["get-childitem", "gci", "ls", "dir", "get-item", "gi"].includes(name)) return undefined;
  // A filter narrows what goes: judged as the project's own business.
  if (rest.some((word) => /^-(filter|include|exclude|name|file)/i.test(word))) return undefined;
  const path = rest.find((word) => !word.startsWith("-")) ?? ".";
  // Every item below a recursive listing goes, as with `Remove-Item -Recurse`.
  const recursive = rest.some((word) => /^-r(e(c(u(r(se?)?)?)?)?)?$/i.test(word)) ? ["-Recurse"] : [];
  return name === "get-item" || name === "gi"
    ? [path, ...recursive]
    : [`${path.replace(/[\\/]$/, "")}\\*`, ...recursive];
}

/** The value of a PowerShell string literal as written (`'it''s'`, `"text"`). */
function unquote(literal: string): string {
  return literal.startsWith("'") ? literal.slice(1, -1).replaceAll("''", "'") : literal.slice(1, -1);
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
      if (text !== undefined) return cmdCommands(text, invocation, scope);
      // Without /c or /k, cmd reads its commands from its standard input (`echo … | cmd`, `cmd < x.bat`).
      if (invocation.stdin === undefined) return [];
      const script = invocation.stdin.read();
      return script === undefined
        ? [{ kind: "script", text: undefined, origin: "cmd reading commands the gate cannot read" }]
        : cmdCommands(script, invocation, scope);
    }
    case "powershell":
    case "pwsh": {
      const found = powerShellText(args);
      if (found === undefined) return [];
      if ("file" in found) {
        const content = powerShellFile(found.file, scope);
        return content === undefined ? [] : powerShellCommands(content, invocation, scope);
      }
      const text = "stdin" in found ? invocation.stdin?.read() : found.text;
      if (text === undefined)
        return [{ kind: "script", text: undefined, origin: `${name} with a command the gate cannot read` }];
      return powerShellCommands(text, invocation, scope);
    }
    case "start": {
      const rest = startCommand(args);
      return rest.length === 0 ? [] : windowsCommand({ words: rest }, invocation, "start");
    }
    case "wsl":
      return unwrapWsl(invocation);
    case "wmic": {
      // `wmic process call create "COMMAND LINE"`: Windows starts that command line.
      const create = args.findIndex(
        (arg, index) => /^create$/i.test(arg) && index > 0 && /^call$/i.test(args[index - 1]!),
      );
      const line = create === -1 ? "" : args.slice(create + 1).join(" ");
      return line === "" ? [] : cmdCommands(line.replace(/^"(.*)"$/s, "$1"), invocation, scope);
    }
    case "reg":
    case "schtasks":
      return persistedWindowsCommand(name, args, invocation, scope);
    default: {
      // A batch file the command wrote, run from bash (`./x.bat`): the MSYS runtime hands it to cmd.
      const program = invocation.words[0]?.value ?? "";
      const batch = /\.(bat|cmd)$/i.test(program) ? batchFile(program, scope) : undefined;
      return batch === undefined ? [] : cmdCommands(batch, invocation, scope);
    }
  }
}

/**
 * The Linux shell text wsl.exe receives: the MSYS runtime quotes an argument with blanks in the
 * Windows command line it builds, and wsl hands that line to the shell as it is.
 */
function commandLine(words: readonly ExpandedWord[]): string {
  return words
    .map((word) => (/[\s"]/.test(word.value) ? `"${word.value.replace(/(["\\$`])/g, "\\$1")}"` : word.value))
    .join(" ");
}

/** `reg add …\Run /d CMD`, `schtasks /create /tr CMD`: a command Windows runs at the next logon or on a schedule. */
function persistedWindowsCommand(
  name: string,
  args: readonly string[],
  carrier: Invocation,
  scope: Scope,
): Nested[] {
  const argumentAfter = (flag: RegExp) => {
    const index = args.findIndex((arg) => flag.test(arg));
    return index === -1 ? undefined : args[index + 1];
  };
  if (name === "reg") {
    const key = args[1] ?? "";
    if (
      !/^add$/i.test(args[0] ?? "") ||
      !/\\(Run|RunOnce|RunServices|Winlogon|Policies\\Explorer\\Run)(\\|$)/i.test(key)
    )
      return [];
    const command = argumentAfter(/^\/\/?d$/i);
    return command === undefined ? [] : cmdCommands(command, carrier, scope);
  }
  if (!args.some((arg) => /^\/\/?create$/i.test(arg))) return [];
  const command = argumentAfter(/^\/\/?tr$/i);
  return command === undefined ? [] : cmdCommands(command, carrier, scope);
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
    else if (value === "--")
      return [{ kind: "script", text: commandLine(words.slice(index + 1)), origin: "wsl" }];
    else if (value.startsWith("-")) return [];
    else return [{ kind: "script", text: commandLine(words.slice(index)), origin: "wsl" }];
  }
  return [];
}
