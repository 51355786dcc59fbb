import { literalWord } from "../extract/expanded-word.js";
import type { Invocation } from "../extract/invocation.js";
import { inner } from "../normalize/inner-command.js";
import type { Nested } from "../normalize/nested.js";
import { ownEntry } from "../own-entry.js";
import { type CallLanguage, languageCalls } from "./language-calls.js";

/**
 * The languages runners take commands in, and how each becomes something the gate judges: shell
 * text is parsed as a script, words are run as a command, a program is run with the runner's own
 * arguments, and each command language (Vim's Ex commands, ed's, less's, tmux's, m4, sqlite3's
 * dot-commands, gdb's, a cmake script, a ninja file, an ssh config) yields the shell commands it
 * starts.
 */
export type CodeKind =
  | "shell"
  | "argv"
  | "program"
  | "vim"
  | "ed"
  | "less"
  | "tmux"
  | "m4"
  | "sqlite"
  | "gdb"
  | "cmake"
  | "ninja"
  | "ssh-config"
  | "python"
  | "perl"
  | "ruby"
  | "lua"
  | CallLanguage;

/** Splits text into words the way a program splitting on blanks (with simple quotes) does. */
export function splitWords(text: string): string[] {
  const words: string[] = [];
  for (const match of text.matchAll(/'([^']*)'|"((?:\\.|[^"])*)"|((?:\\.|[^\s'"])+)/g))
    words.push(match[1] ?? match[2]?.replace(/\\(.)/g, "$1") ?? match[3]!.replace(/\\(.)/g, "$1"));
  return words;
}

function script(text: string, origin: string): Nested {
  return { kind: "script", text, origin };
}

/** A literal argv the program runs, judged as that command (no assignments, no stdin of its own). */
export function words(invocation: Invocation, values: readonly string[], origin: string): Nested {
  return inner(
    invocation,
    values.map((value) => literalWord(value, invocation.span)),
    origin,
    { assignments: [], stdin: undefined },
  );
}

const INTERPRETER_FLAGS: Record<"python" | "perl" | "ruby" | "lua", readonly [string, string]> = {
  python: ["python3", "-c"],
  perl: ["perl", "-e"],
  ruby: ["ruby", "-e"],
  lua: ["lua", "-e"],
};

/** Vim's Ex commands: `:!cmd`, `:r !cmd`, `:w !cmd`, `:silent !cmd`, `system("…")`, `:py3 …`, `:set shell=`. */
function vimCommands(text: string, origin: string, invocation: Invocation): Nested[] {
  const found: Nested[] = [];
  let shell: string | undefined;
  for (const raw of text.split(/\n|(?<!\\)\|/)) {
    const line = raw.trim().replace(/^:+\s*/, "");
    const bare = line.replace(/^(?:(?:silent|sil|keepalt|noautocmd|noa|verbose|unsilent)!?\s+)+/, "");
    const bang = /^(?:\d*,?\d*|%|\.)?\s*(?:r(?:ead)?|w(?:rite)?)?\s*!(.*)$/s.exec(bare);
    if (bang)
      found.push(script(shell ? `${shell} -c '${bang[1]!.replaceAll("'", "'\\''")}'` : bang[1]!, origin));
    const set = /^set?\s+(?:shell|sh)=(\S+)/.exec(bare);
    if (set) shell = set[1]!.replace(/\\(.)/g, "$1");
    for (const call of bare.matchAll(
      /\b(?:system|systemlist|job_start|jobstart|term_start|termopen)\s*\(\s*(?:"((?:\\.|[^"])*)"|'([^']*)')/g,
    ))
      found.push(script((call[1] ?? call[2]!).replace(/\\(.)/g, "$1"), origin));
    // `:exe "!" . "cmd"`: the pieces are joined before they run.
    const exe = /^exe(?:cute)?\s+(.*)$/s.exec(bare);
    if (exe) {
      const pieces = [...exe[1]!.matchAll(/"((?:\\.|[^"])*)"|'([^']*)'/g)].map(
        (piece) => piece[1] ?? piece[2]!,
      );
      if (pieces.length > 0 && /^\s*(?:["'][^"']*["']\s*\.\s*)*["'][^"']*["']\s*$/.test(exe[1]!))
        found.push(...vimCommands(pieces.join(""), origin, invocation));
      else found.push({ kind: "script", text: undefined, origin: `${origin} :execute of computed text` });
    }
    const language = /^(py3|python3|py|python|pyx|perl|pe|ruby|rub|lua)(?:do)?\s+(.+)$/s.exec(bare);
    if (language) {
      const kind = /^p[yx]/.test(language[1]!)
        ? "python"
        : /^pe/.test(language[1]!)
          ? "perl"
          : /^rub/.test(language[1]!)
            ? "ruby"
            : "lua";
      const [program, flag] = INTERPRETER_FLAGS[kind];
      found.push(words(invocation, [program, flag, language[2]!], origin));
    }
  }
  return found;
}

/** ed's `!cmd`, `r !cmd`, `w !cmd`, `e !cmd` (with an address before them). */
function edCommands(text: string, origin: string): Nested[] {
  return text.split("\n").flatMap((line) => {
    const match = /^\s*[\d.,$;'+-]*\s*(?:[rwWe]\s*)?!(.*)$/.exec(line);
    return match ? [script(match[1]!, origin)] : [];
  });
}

/** less commands given with `+`: `!cmd` and `|Xcmd` run shell commands. */
function lessCommands(text: string, origin: string): Nested[] {
  const match = /^\+?:?(?:!|\|\S)(.*)$/s.exec(text.trim());
  return match ? [script(match[1]!, origin)] : [];
}

/** tmux commands (`;`-separated): the shell commands and programs their arguments name. */
const TMUX_SHELL_COMMANDS: Record<string, { readonly withArgument: string; readonly operands: number }> = {
  "new-session": { withArgument: "cFnsctxyeEf", operands: 0 },
  new: { withArgument: "cFnsctxyeEf", operands: 0 },
  "new-window": { withArgument: "cFnteE", operands: 0 },
  neww: { withArgument: "cFnteE", operands: 0 },
  "split-window": { withArgument: "cFlpteE", operands: 0 },
  splitw: { withArgument: "cFlpteE", operands: 0 },
  "respawn-pane": { withArgument: "cteE", operands: 0 },
  respawnp: { withArgument: "cteE", operands: 0 },
  "respawn-window": { withArgument: "cteE", operands: 0 },
  respawnw: { withArgument: "cteE", operands: 0 },
  "run-shell": { withArgument: "ctd", operands: 0 },
  run: { withArgument: "ctd", operands: 0 },
  "if-shell": { withArgument: "t", operands: 0 },
  if: { withArgument: "t", operands: 0 },
  "pipe-pane": { withArgument: "t", operands: 0 },
  pipep: { withArgument: "t", operands: 0 },
  "display-popup": { withArgument: "bcdehsStTwxyE", operands: 0 },
  popup: { withArgument: "bcdehsStTwxyE", operands: 0 },
};

export function tmuxCommands(args: readonly string[], origin: string): Nested[] {
  const found: Nested[] = [];
  let command: string[] = [];
  const flush = () => {
    const [name, ...rest] = command;
    command = [];
    if (name === undefined) return;
    if (name === "set" || name === "set-option" || name === "setw" || name === "set-window-option") {
      const option = rest.findIndex((word) => /^(default-command|default-shell)$/.test(word));
      if (option !== -1 && rest[option + 1] !== undefined)
        found.push(script(rest[option + 1]!, `${origin} ${rest[option]}`));
      return;
    }
    if (name === "source-file" || name === "source") return;
    if (name === "send-keys" || name === "send") {
      // Keys typed into the pane's shell: a line ending in Enter is a command it runs.
      const keys = rest.filter((word, index) => !(word.startsWith("-") || rest[index - 1] === "-t"));
      if (keys.some((key) => /^(Enter|C-m|KPEnter)$/.test(key)))
        found.push(
          script(keys.filter((key) => !/^(Enter|C-m|KPEnter)$/.test(key)).join(" "), `${origin} send-keys`),
        );
      return;
    }
    const shape = ownEntry(TMUX_SHELL_COMMANDS, name);
    if (!shape) return;
    let index = 0;
    while (index < rest.length && rest[index]!.startsWith("-") && rest[index] !== "--") {
      const flags = rest[index]!.slice(1);
      const last = flags.at(-1)!;
      index += shape.withArgument.includes(last) ? 2 : 1;
    }
    if (rest[index] === "--") index += 1;
    const text = rest.slice(index);
    if (text.length === 0) return;
    // if-shell runs its first argument as the condition; the rest are tmux commands.
    // Several words are an argv tmux runs directly (tmux(1)): quoted so the shell text keeps them apart.
    const shellText =
      text.length === 1 ? text[0]! : text.map((word) => `'${word.replaceAll("'", "'\\''")}'`).join(" ");
    found.push(script(name === "if-shell" || name === "if" ? text[0]! : shellText, `${origin} ${name}`));
  };
  for (const word of args) {
    if (word === ";" || word === "\\;") flush();
    else if (word.endsWith(";") && !word.endsWith("\\;") && word.length > 1) {
      command.push(word.slice(0, -1));
      flush();
    } else command.push(word);
  }
  flush();
  return found;
}

/** Config file text (tmux.conf): one command a line. */
function tmuxConfig(text: string, origin: string): Nested[] {
  return text
    .split("\n")
    .flatMap((line) => (line.trim().startsWith("#") ? [] : tmuxCommands(splitWords(line), origin)));
}

function m4Commands(text: string, origin: string): Nested[] {
  return [...text.matchAll(/\b(?:esyscmd|syscmd)\s*\(\s*`?([^)']*)'?\s*\)/g)].map((match) =>
    script(match[1]!, origin),
  );
}

/** sqlite3 dot-commands that start a shell: `.shell`, `.system`, `.once |cmd`, `.output |cmd`, `.excel`? */
function sqliteCommands(text: string, origin: string): Nested[] {
  return text.split("\n").flatMap((line) => {
    const match =
      /^\s*\.(?:shell|system)\s+(.+)$/s.exec(line) ??
      /^\s*\.(?:once|output|import)\s+(?:-\w+\s+)*['"]?\|(.+?)['"]?\s*$/.exec(line);
    return match ? [script(match[1]!, origin)] : [];
  });
}

function gdbCommands(text: string, origin: string, invocation: Invocation): Nested[] {
  return text.split("\n").flatMap((line): Nested[] => {
    const trimmed = line.trim();
    const shell = /^(?:shell|!)\s*(.+)$/s.exec(trimmed);
    if (shell) return [script(shell[1]!, origin)];
    const pipe = /^(?:pipe|\|)\s*(?:-d\s+\S+\s+)?[^|]*\|\s*(.+)$/s.exec(trimmed);
    if (pipe) return [script(pipe[1]!, origin)];
    // `call system("…")`, `print (int)system("…")`: the inferior runs the C library's system().
    const call = /^(?:call|print|p|output)\s.*\bsystem\s*\(\s*"((?:\\.|[^"\\])*)"/s.exec(trimmed);
    if (call) return [script(call[1]!.replace(/\\(.)/g, "$1"), origin)];
    const python = /^(?:python|py|python-interactive|pi)\s+(.+)$/s.exec(trimmed);
    if (python) return [words(invocation, ["python3", "-c", python[1]!], origin)];
    return [];
  });
}

function cmakeCommands(text: string, origin: string, invocation: Invocation): Nested[] {
  const found: Nested[] = [];
  for (const match of text.matchAll(/\bexecute_process\s*\(([\s\S]*?)\)\s*(?:$|\n)/g)) {
    for (const command of match[1]!.split(/\bCOMMAND\b/).slice(1)) {
      const argv = splitWords(
        command.replace(
          /\b(WORKING_DIRECTORY|TIMEOUT|RESULT_VARIABLE|OUTPUT_VARIABLE|ERROR_VARIABLE|INPUT_FILE|OUTPUT_FILE|ERROR_FILE|OUTPUT_QUIET|ERROR_QUIET|COMMAND_ECHO)\b[\s\S]*$/,
          "",
        ),
      );
      if (argv.length > 0) found.push(words(invocation, argv, origin));
    }
  }
  for (const match of text.matchAll(/\badd_custom_(?:command|target)\s*\(([\s\S]*?)\)\s*(?:$|\n)/g)) {
    for (const command of match[1]!.split(/\bCOMMAND\b/).slice(1)) {
      const argv = splitWords(
        command.replace(
          /\b(DEPENDS|WORKING_DIRECTORY|COMMENT|OUTPUT|BYPRODUCTS|VERBATIM|USES_TERMINAL)\b[\s\S]*$/,
          "",
        ),
      );
      if (argv.length > 0) found.push(words(invocation, argv, origin));
    }
  }
  return found;
}

function ninjaCommands(text: string, origin: string): Nested[] {
  return [...text.matchAll(/^\s+command\s*=\s*(.+)$/gm)].map((match) =>
    script(match[1]!.replace(/\$(\w+|\{\w+\})/g, "x"), origin),
  );
}

const SSH_COMMAND = /^\s*(ProxyCommand|LocalCommand|KnownHostsCommand)\s*[=\s]\s*(.+)$/i;
const MATCH_EXEC = /\bexec\s+(?:"([^"]*)"|(\S+))/i;

/** An ssh_config's commands: ProxyCommand, LocalCommand, KnownHostsCommand and `Match exec`. */
function sshConfig(text: string, origin: string): Nested[] {
  const found: Nested[] = [];
  for (const line of text.split("\n")) {
    const command = SSH_COMMAND.exec(line);
    if (command && command[2]!.trim().toLowerCase() !== "none")
      found.push(script(command[2]!.replace(/%[a-zA-Z%]/g, "x"), origin));
    const match = /^\s*Match\b/i.test(line) ? MATCH_EXEC.exec(line) : null;
    if (match)
      found.push(script((match[1] ?? match[2]!).replace(/%[a-zA-Z%]/g, "x"), `${origin} Match exec`));
  }
  return found;
}

/** What code of `kind` runs, read from `text` (undefined: known to run, content unknown). */
export function readCode(
  kind: CodeKind,
  text: string | undefined,
  origin: string,
  invocation: Invocation,
): Nested[] {
  if (text === undefined) return [{ kind: "script", text: undefined, origin }];
  switch (kind) {
    case "shell":
      return text.trim() === "" ? [] : [script(text, origin)];
    case "argv": {
      const argv = splitWords(text);
      return argv.length === 0 ? [] : [words(invocation, argv, origin)];
    }
    case "program":
      return text.trim() === "" ? [] : [words(invocation, [...splitWords(text), "x"], origin)];
    case "vim":
      return vimCommands(text, origin, invocation);
    case "ed":
      return edCommands(text, origin);
    case "less":
      return lessCommands(text, origin);
    case "tmux":
      return tmuxConfig(text, origin);
    case "m4":
      return m4Commands(text, origin);
    case "sqlite":
      return sqliteCommands(text, origin);
    case "gdb":
      return gdbCommands(text, origin, invocation);
    case "cmake":
      return cmakeCommands(text, origin, invocation);
    case "ninja":
      return ninjaCommands(text, origin);
    case "ssh-config":
      return sshConfig(text, origin);
    case "python":
    case "perl":
    case "ruby":
    case "lua": {
      const [program, flag] = INTERPRETER_FLAGS[kind];
      return [words(invocation, [program, flag, text], origin)];
    }
    case "ipython": {
      // IPython's `!cmd` lines are shell; the rest is Python.
      const python = text
        .split("\n")
        .filter((line) => !/^\s*(?:!|%)/.test(line))
        .join("\n");
      return [...languageCalls(kind, text, origin), words(invocation, ["python3", "-c", python], origin)];
    }
    default:
      return languageCalls(kind, text, origin);
  }
}
