import type { ExpandedWord } from "../extract/expanded-word.js";
import { literalWord, UNKNOWN, UNKNOWN_NONEMPTY } from "../extract/expanded-word.js";
import type { Assignment, Invocation } from "../extract/invocation.js";
import { findStartPoints } from "../rules/delete.js";
import type { Nested } from "./nested.js";
import { commandIndex, type OptionGrammar } from "./skip-options.js";

/** Programs that run the rest of their arguments as a command, with how their own options look. */
export const WRAPPERS: Record<string, OptionGrammar> = {
  command: { noCommand: "vV" },
  builtin: {},
  exec: { withArgument: "a" },
  nohup: {},
  time: { withArgument: "fo", longWithArgument: ["--format", "--output"] },
  nice: { withArgument: "n", longWithArgument: ["--adjustment"] },
  ionice: {
    withArgument: "cn",
    longWithArgument: ["--class", "--classdata"],
    noCommand: "pPu",
    longNoCommand: ["--pid", "--pgid", "--uid"],
  },
  timeout: { withArgument: "sk", longWithArgument: ["--signal", "--kill-after"], operands: 1 },
  cpulimit: { withArgument: "lpPe", longWithArgument: ["--limit", "--pid", "--exe", "--path"] },
  chronic: {},
  ifne: {},
  "systemd-cat": { withArgument: "tp" },
  stdbuf: { withArgument: "ioe", longWithArgument: ["--input", "--output", "--error"] },
  setsid: {},
  chrt: { withArgument: "TPD", noCommand: "pm", operands: 1 },
  taskset: { noCommand: "p", operands: 1 },
  strace: { withArgument: "eoOpPsSuEIbXa" },
  ltrace: { withArgument: "eopsunaA" },
  sudo: {
    withArgument: "CDghpRrTtUu",
    longWithArgument: [
      "--chdir",
      "--close-from",
      "--group",
      "--host",
      "--prompt",
      "--chroot",
      "--role",
      "--type",
      "--command-timeout",
      "--other-user",
      "--user",
    ],
    noCommand: "vKVe",
  },
  doas: { withArgument: "uC", noCommand: "L" },
  pkexec: { longWithArgument: ["--user"] },
  run0: {
    withArgument: "ugD",
    longWithArgument: [
      "--user",
      "--group",
      "--chdir",
      "--nice",
      "--setenv",
      "--unit",
      "--property",
      "--description",
      "--slice",
      "--machine",
      "--background",
    ],
  },
  gosu: { operands: 1 },
  "su-exec": { operands: 1 },
  chroot: { longWithArgument: ["--userspec", "--groups"], operands: 1 },
  unshare: { withArgument: "S G", longWithArgument: ["--setuid", "--setgid", "--wd"] },
  nsenter: { withArgument: "tSGwr", longWithArgument: ["--target", "--setuid", "--setgid"] },
  firejail: {},
  fakeroot: { withArgument: "sil" },
  eatmydata: {},
  unbuffer: {},
  caffeinate: { withArgument: "tw" },
  proxychains: { withArgument: "f" },
  proxychains4: { withArgument: "f" },
  torsocks: {},
  catchsegv: {},
  valgrind: {},
  "dbus-run-session": {},
  "dbus-launch": {},
  "xvfb-run": { withArgument: "nsfe", longWithArgument: ["--server-args", "--server-num"] },
  "ssh-agent": { withArgument: "aEPt" },
  "systemd-inhibit": { longWithArgument: ["--what", "--who", "--why", "--mode"] },
  "systemd-run": {
    withArgument: "upEM",
    longWithArgument: [
      "--unit",
      "--property",
      "--setenv",
      "--machine",
      "--uid",
      "--gid",
      "--nice",
      "--working-directory",
      "--description",
      "--slice",
    ],
  },
  faketime: { withArgument: "f", operands: 1 },
  setarch: { operands: 1 },
  linux32: {},
  linux64: {},
  rlwrap: {},
  numactl: { withArgument: "CNmilp" },
  prlimit: { withArgument: "p" },
  cgexec: { withArgument: "g" },
  entr: {},
  sg: { operands: 1 },
  busybox: {},
  toybox: {},
};

function inner(
  invocation: Invocation,
  words: readonly ExpandedWord[],
  via: string,
  extra: Partial<Invocation> = {},
): Nested {
  return {
    kind: "invocation",
    via,
    invocation: {
      ...invocation,
      redirects: [],
      words,
      via: [...(invocation.via ?? []), via],
      ...extra,
    },
  };
}

function joined(words: readonly ExpandedWord[]): string {
  return words.map((word) => word.value).join(" ");
}

function splitString(text: string): string[] {
  const words: string[] = [];
  for (const match of text.matchAll(/'([^']*)'|"((?:\\.|[^"])*)"|((?:\\.|[^\s'"])+)/g)) {
    words.push(match[1] ?? match[2]?.replace(/\\(.)/g, "$1") ?? match[3]!.replace(/\\(.)/g, "$1"));
  }
  return words;
}

function unwrapEnv(invocation: Invocation, args: readonly ExpandedWord[]): Nested[] {
  const assignments: Assignment[] = [...invocation.assignments];
  let index = 0;
  let split: string | undefined;
  while (index < args.length) {
    const value = args[index]!.value;
    if (value === "--") {
      index += 1;
      break;
    }
    if (/^(-[a-zA-Z0-9]*S|--split-string)$/.test(value)) {
      split = args[index + 1]?.value ?? "";
      index += 2;
      break;
    }
    if (/^-[a-zA-Z0-9]*S./.test(value) || value.startsWith("--split-string=")) {
      split = value.startsWith("--") ? value.slice(15) : value.slice(value.indexOf("S") + 1);
      index += 1;
      break;
    }
    if (/^(-u|-C|-P|--unset|--chdir)$/.test(value)) index += 2;
    else if (value.startsWith("-") && value !== "-") index += 1;
    else break;
  }
  for (; index < args.length; index += 1) {
    const word = args[index]!;
    const match = /^([^=\s]+)=([\s\S]*)$/.exec(word.value);
    if (!match) break;
    assignments.push({
      name: match[1]!,
      value: { ...word, value: match[2]! },
      exported: true,
      span: word.span,
    });
  }
  const rest = args.slice(index);
  const words =
    split === undefined
      ? rest
      : [...splitString(split).map((text) => literalWord(text, invocation.span)), ...rest];
  return words.length > 0 ? [inner(invocation, words, "env", { assignments })] : [];
}

/** `sudo -s CMD`, `sudo -i CMD`, `doas -s`: the command line is run by the target user's shell. */
function unwrapPrivileged(name: string, invocation: Invocation, args: readonly ExpandedWord[]): Nested[] {
  const index = commandIndex(args, WRAPPERS[name] ?? {});
  const options = args.slice(0, index === -1 ? args.length : index);
  const shell = options.some(
    (word) => /^-[a-zA-Z]*[si]/.test(word.value) || word.value === "--shell" || word.value === "--login",
  );
  if (index === -1) {
    // `sudo -s` / `sudo -i` / `doas -s` with no command: the root shell reads its commands from stdin.
    return shell && invocation.stdin
      ? [{ kind: "script", text: invocation.stdin.read(), origin: `input piped into ${name} -s` }]
      : [];
  }
  const rest = args.slice(index);
  if (shell && name === "sudo") return [{ kind: "script", text: joined(rest), origin: `${name} -s` }];
  return [inner(invocation, rest, name)];
}

/** `su [-] [user] -c CMD`, `runuser -u USER -- CMD`, `runuser -l USER -c CMD`. */
function unwrapSwitchUser(name: string, invocation: Invocation, args: readonly ExpandedWord[]): Nested[] {
  for (let index = 0; index < args.length; index += 1) {
    const value = args[index]!.value;
    if (value === "-c" || value === "--command" || value === "--session-command") {
      return [{ kind: "script", text: args[index + 1]?.value ?? "", origin: `${name} -c` }];
    }
    if (value.startsWith("--command="))
      return [{ kind: "script", text: value.slice(10), origin: `${name} -c` }];
  }
  if (name === "runuser") {
    const userIndex = args.findIndex((word) => word.value === "-u" || word.value === "--user");
    if (userIndex !== -1) {
      const index = commandIndex(args, {
        withArgument: "ugGsw",
        longWithArgument: ["--user", "--group", "--shell"],
      });
      if (index !== -1) return [inner(invocation, args.slice(index), name)];
    }
  }
  return [];
}

function unwrapXargs(invocation: Invocation, args: readonly ExpandedWord[]): Nested[] {
  const grammar: OptionGrammar = {
    withArgument: "ILnPsdEa",
    longWithArgument: [
      "--arg-file",
      "--delimiter",
      "--max-args",
      "--max-procs",
      "--replace",
      "--max-lines",
      "--eof",
      "--process-slot-var",
      "--max-chars",
    ],
  };
  let replace: string | undefined;
  for (let index = 0; index < args.length; index += 1) {
    const value = args[index]!.value;
    if (value === "-I") replace = args[index + 1]?.value;
    else if (value.startsWith("-I") && value.length > 2) replace = value.slice(2);
    else if (value.startsWith("--replace")) replace = value.includes("=") ? value.split("=")[1] : "{}";
    else if (value === "-i") replace = "{}";
    else if (!value.startsWith("-")) break;
  }
  const index = commandIndex(args, grammar);
  const template = index === -1 ? [literalWord("echo", invocation.span)] : args.slice(index);
  const data = invocation.stdin?.read();
  // With a replace string, each input line is one item; otherwise blanks and NULs separate items.
  const nul = args.some((word) => /^(-[a-zA-Z]*0|--null)$/.test(word.value));
  const separator = nul ? /\0+/ : replace === undefined ? /[\s\0]+/ : /[\n\0]+/;
  const items = data === undefined ? [UNKNOWN_NONEMPTY] : data.split(separator).filter((item) => item !== "");
  const span = invocation.span;
  const words =
    replace === undefined
      ? [...template, ...items.map((item) => literalWord(item, span))]
      : template.map((word) =>
          word.value.includes(replace)
            ? { ...word, value: word.value.replaceAll(replace, items[0] ?? "") }
            : word,
        );
  return [inner(invocation, words, "xargs", { stdin: undefined })];
}

/** `find … -exec CMD {} ;`: `{}` stands for every file found below the start points. */
function unwrapFind(invocation: Invocation, args: readonly ExpandedWord[]): Nested[] {
  const { starts, narrowed } = findStartPoints(args);
  const results: Nested[] = [];
  for (let index = 0; index < args.length; index += 1) {
    if (!/^-(exec|execdir|ok|okdir)$/.test(args[index]!.value)) continue;
    const end = args.findIndex(
      (word, position) => position > index && (word.value === ";" || word.value === "+"),
    );
    const command = args.slice(index + 1, end === -1 ? args.length : end);
    index = end === -1 ? args.length : end;
    if (command.length === 0) continue;
    const words: ExpandedWord[] = [];
    for (const word of command) {
      if (!word.value.includes("{}")) words.push(word);
      else if (narrowed || starts.length === 0)
        words.push({ ...word, value: word.value.replaceAll("{}", UNKNOWN) });
      else
        for (const start of starts)
          words.push({
            ...start,
            value: word.value.replaceAll("{}", start.value),
            pattern: word.pattern.replaceAll("{}", start.pattern),
          });
    }
    results.push(inner(invocation, words, "find", { treeOperands: !narrowed, stdin: undefined }));
  }
  return results;
}

function unwrapFlock(invocation: Invocation, args: readonly ExpandedWord[]): Nested[] {
  for (let index = 0; index < args.length; index += 1) {
    const value = args[index]!.value;
    if (value === "-c" || value === "--command")
      return [{ kind: "script", text: args[index + 1]?.value ?? "", origin: "flock -c" }];
  }
  const index = commandIndex(args, {
    withArgument: "wE",
    longWithArgument: ["--timeout", "--conflict-exit-code"],
    operands: 1,
  });
  return index === -1 ? [] : [inner(invocation, args.slice(index), "flock")];
}

function unwrapWatch(invocation: Invocation, args: readonly ExpandedWord[]): Nested[] {
  const index = commandIndex(args, { withArgument: "nq", longWithArgument: ["--interval", "--equexit"] });
  if (index === -1) return [];
  const rest = args.slice(index);
  if (args.slice(0, index).some((word) => /^(-[a-zA-Z]*x|--exec)$/.test(word.value)))
    return [inner(invocation, rest, "watch")];
  return [{ kind: "script", text: joined(rest), origin: "watch" }];
}

function unwrapScript(args: readonly ExpandedWord[]): Nested[] {
  for (let index = 0; index < args.length; index += 1) {
    const value = args[index]!.value;
    if (value === "--") break;
    if (value.startsWith("--command="))
      return [{ kind: "script", text: value.slice(10), origin: "script -c" }];
    if (value === "--command" || /^-[a-zA-Z]*c$/.test(value))
      return [{ kind: "script", text: args[index + 1]?.value ?? "", origin: "script -c" }];
    if (/^-[a-zA-Z]*c./.test(value))
      return [{ kind: "script", text: value.slice(value.indexOf("c") + 1), origin: "script -c" }];
  }
  return [];
}

/** The commands a wrapper program runs, or [] when `name` is not a wrapper. */
export function unwrap(name: string, invocation: Invocation): Nested[] {
  const args = invocation.words.slice(1);
  switch (name) {
    case "env":
      return unwrapEnv(invocation, args);
    case "sudo":
    case "doas":
      return unwrapPrivileged(name, invocation, args);
    case "su":
    case "runuser":
      return unwrapSwitchUser(name, invocation, args);
    case "xargs":
      return unwrapXargs(invocation, args);
    case "find":
      return unwrapFind(invocation, args);
    case "flock":
      return unwrapFlock(invocation, args);
    case "watch":
      return unwrapWatch(invocation, args);
    case "script":
      return unwrapScript(args);
    case "machinectl": {
      // `machinectl shell [USER@]HOST COMMAND…` runs COMMAND as that user (root by default).
      if (args[0]?.value !== "shell") return [];
      const rest = args
        .slice(1)
        .filter(
          (word, index, all) =>
            !(word.value.startsWith("-") && all.slice(0, index).every((w) => w.value.startsWith("-"))),
        );
      return rest.length > 1 ? [inner(invocation, rest.slice(1), "machinectl")] : [];
    }
    case "coproc": {
      // `coproc NAME { …; }`: tree-sitter reads the group as words after the name.
      const rest = args[1]?.value === "{" && args[1].source === "{" ? args.slice(2) : args;
      return rest.length > 0 ? [inner(invocation, rest, "coproc")] : [];
    }
    case "screen": {
      const index = commandIndex(args, { withArgument: "SptcehLlTX", longWithArgument: [] });
      return index === -1 ? [] : [inner(invocation, args.slice(index), "screen")];
    }
    case "tmux": {
      const sub = args.findIndex((word) =>
        /^(new|new-session|new-window|neww|split-window|splitw|respawn-pane|run-shell|run|send-keys)$/.test(
          word.value,
        ),
      );
      if (sub === -1) return [];
      const rest = args.slice(sub + 1);
      const index = commandIndex(rest, { withArgument: "sntcxyFeEtTlp" });
      return index === -1
        ? []
        : [{ kind: "script", text: joined(rest.slice(index)), origin: `tmux ${args[sub]!.value}` }];
    }
    case "parallel": {
      const end = args.findIndex((word) => /^:::+$/.test(word.value));
      const template = args.slice(
        commandIndex(args, { withArgument: "jSP" }),
        end === -1 ? args.length : end,
      );
      return template.length > 0 ? [{ kind: "script", text: joined(template), origin: "parallel" }] : [];
    }
    default: {
      const grammar = WRAPPERS[name];
      if (!grammar) return [];
      const index = commandIndex(args, grammar);
      return index === -1 ? [] : [inner(invocation, args.slice(index), name)];
    }
  }
}
