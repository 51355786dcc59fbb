import type { ExpandedWord } from "../extract/expanded-word.js";
import type { Invocation } from "../extract/invocation.js";
import { ownEntry } from "../own-entry.js";
import { inner, joined } from "./inner-command.js";
import type { Nested } from "./nested.js";
import { commandIndex, type OptionGrammar } from "./skip-options.js";

/**
 * Runners that start the rest of their arguments as a command in some prepared environment: project
 * and version managers (`npm exec --`, `uv run`, `bundle exec`, `mise exec --`), process supervisors
 * (`start-stop-daemon --exec`), the dynamic loader (`ld.so PROGRAM`), sandboxes (`bwrap … PROGRAM`),
 * `capsh -- ARGS` (bash's arguments) and `ip netns exec`. The command is judged as if run directly.
 */

/** `RUNNER SUBCOMMAND [options] COMMAND…`: the subcommand that runs a command, and its options. */
const SUBCOMMAND_RUNNERS: Record<string, { subcommands: readonly string[]; grammar: OptionGrammar }> = {
  npm: { subcommands: ["exec", "x"], grammar: { longWithArgument: ["--package", "--workspace", "-w"] } },
  yarn: { subcommands: ["exec", "run"], grammar: {} },
  pnpm: { subcommands: ["exec"], grammar: { withArgument: "C", longWithArgument: ["--filter", "--dir"] } },
  uv: {
    subcommands: ["run"],
    grammar: {
      longWithArgument: [
        "--with",
        "--python",
        "--project",
        "--directory",
        "--package",
        "--env-file",
        "--group",
        "--extra",
      ],
      withArgument: "p",
    },
  },
  poetry: {
    subcommands: ["run"],
    grammar: { withArgument: "CP", longWithArgument: ["--directory", "--project"] },
  },
  pipenv: { subcommands: ["run"], grammar: {} },
  pdm: { subcommands: ["run"], grammar: { withArgument: "p", longWithArgument: ["--project"] } },
  hatch: { subcommands: ["run"], grammar: { withArgument: "e", longWithArgument: ["--env"] } },
  bundle: { subcommands: ["exec"], grammar: { longWithArgument: ["--gemfile"] } },
  direnv: { subcommands: ["exec"], grammar: { operands: 1 } },
  asdf: { subcommands: ["exec"], grammar: {} },
  pyenv: { subcommands: ["exec"], grammar: {} },
  rbenv: { subcommands: ["exec"], grammar: {} },
  nodenv: { subcommands: ["exec"], grammar: {} },
  conda: {
    subcommands: ["run"],
    grammar: { withArgument: "np", longWithArgument: ["--name", "--prefix", "--cwd"] },
  },
  mamba: {
    subcommands: ["run"],
    grammar: { withArgument: "np", longWithArgument: ["--name", "--prefix", "--cwd"] },
  },
  micromamba: {
    subcommands: ["run"],
    grammar: { withArgument: "np", longWithArgument: ["--name", "--prefix", "--cwd"] },
  },
  pixi: {
    subcommands: ["exec", "run"],
    grammar: { withArgument: "e", longWithArgument: ["--environment", "--manifest-path"] },
  },
};

/** `npx -c TEXT`, `npm exec -c TEXT`, `nodemon --exec TEXT`, `concurrently TEXT…`: shell text. */
function shellTextOption(args: readonly ExpandedWord[], options: readonly string[]): Nested[] {
  const found: Nested[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const value = args[index]!.value;
    for (const option of options) {
      if (value === option && args[index + 1])
        found.push({ kind: "script", text: args[index + 1]!.value, origin: option });
      else if (value.startsWith(`${option}=`))
        found.push({ kind: "script", text: value.slice(option.length + 1), origin: option });
    }
  }
  return found;
}

/** The first `--`, and the words after it. */
function afterDoubleDash(args: readonly ExpandedWord[]): readonly ExpandedWord[] | undefined {
  const index = args.findIndex((word) => word.value === "--");
  return index === -1 ? undefined : args.slice(index + 1);
}

/** bwrap options by how many values follow them; the others take none. */
const BWRAP_ARITY = new Map<string, number>([
  ...[
    "--bind",
    "--bind-try",
    "--dev-bind",
    "--dev-bind-try",
    "--ro-bind",
    "--ro-bind-try",
    "--symlink",
    "--setenv",
    "--file",
    "--bind-data",
    "--ro-bind-data",
    "--chmod",
  ].map((name) => [name, 2] as const),
  ...[
    "--dir",
    "--tmpfs",
    "--proc",
    "--dev",
    "--mqueue",
    "--remount-ro",
    "--chdir",
    "--unsetenv",
    "--uid",
    "--gid",
    "--hostname",
    "--args",
    "--lock-file",
    "--sync-fd",
    "--info-fd",
    "--json-status-fd",
    "--block-fd",
    "--userns-block-fd",
    "--seccomp",
    "--add-seccomp-fd",
    "--exec-label",
    "--file-label",
    "--cap-add",
    "--cap-drop",
    "--perms",
    "--size",
    "--userns",
    "--userns2",
    "--pidns",
    "--overlay-src",
    "--tmp-overlay",
    "--ro-overlay",
    "--argv0",
  ].map((name) => [name, 1] as const),
  ["--overlay", 3],
]);

function bwrapCommand(args: readonly ExpandedWord[]): number {
  let index = 0;
  while (index < args.length) {
    const value = args[index]!.value;
    if (value === "--") return index + 1;
    if (!value.startsWith("--")) return index;
    index += 1 + (BWRAP_ARITY.get(value) ?? 0);
  }
  return -1;
}

/** `start-stop-daemon --start --exec PROG [--startas PROG] -- ARGS`. */
function startStopDaemon(invocation: Invocation, args: readonly ExpandedWord[]): Nested[] {
  if (!args.some((word) => /^(-[a-zA-Z]*S|--start)$/.test(word.value))) return [];
  let program: ExpandedWord | undefined;
  for (let index = 0; index < args.length; index += 1) {
    const value = args[index]!.value;
    if (value === "--") break;
    if (/^(-[xa]|--exec|--startas)$/.test(value)) program = args[index + 1] ?? program;
    else if (/^--(exec|startas)=/.test(value))
      program = { ...args[index]!, value: value.replace(/^--\w+=/, "") };
  }
  return program ? [inner(invocation, [program, ...(afterDoubleDash(args) ?? [])], "start-stop-daemon")] : [];
}

export function isDynamicLoader(name: string): boolean {
  return /^ld(-linux[\w.-]*|-musl[\w.-]*)?\.so(\.\d+)*$/.test(name);
}

/** The commands a runner starts, or [] when `name` is not one. */
export function unwrapRunner(name: string, invocation: Invocation, args: readonly ExpandedWord[]): Nested[] {
  if (isDynamicLoader(name)) {
    const index = commandIndex(args, {
      longWithArgument: ["--library-path", "--inhibit-rpath", "--audit", "--preload", "--argv0"],
    });
    return index === -1 ? [] : [inner(invocation, args.slice(index), name)];
  }
  const runner = ownEntry(SUBCOMMAND_RUNNERS, name);
  if (runner) {
    const sub = args.findIndex((word) => !word.value.startsWith("-"));
    if (sub === -1 || !runner.subcommands.includes(args[sub]!.value)) return [];
    const rest = args.slice(sub + 1);
    if (name === "npm") {
      const text = shellTextOption(rest, ["-c", "--call"]);
      if (text.length > 0) return text;
      const command = afterDoubleDash(rest);
      return command && command.length > 0 ? [inner(invocation, command, "npm exec")] : [];
    }
    // `yarn run NAME` runs a package script unless NAME is no script; only `yarn exec` is certain.
    if (name === "yarn" && args[sub]!.value === "run") return [];
    const index = commandIndex(rest, runner.grammar);
    return index === -1 ? [] : [inner(invocation, rest.slice(index), `${name} ${args[sub]!.value}`)];
  }
  switch (name) {
    case "npx":
      return shellTextOption(args, ["-c", "--call"]);
    case "nodemon":
      return shellTextOption(args, ["--exec", "-x"]);
    case "concurrently":
      return args
        .filter((word) => !word.value.startsWith("-"))
        .map((word) => ({ kind: "script", text: word.value, origin: "concurrently" }));
    case "watchexec": {
      const command = afterDoubleDash(args);
      return command && command.length > 0
        ? [{ kind: "script", text: joined(command), origin: "watchexec" }]
        : [];
    }
    case "mise":
    case "rtx": {
      if (args[0]?.value !== "exec" && args[0]?.value !== "x") return [];
      const command = afterDoubleDash(args);
      return command && command.length > 0 ? [inner(invocation, command, "mise exec")] : [];
    }
    case "dotenv":
    case "dotenvx": {
      // dotenv-cli: `dotenv [-e FILE] -- CMD`; python-dotenv and dotenvx: `dotenv [-f FILE] run [--] CMD`.
      const run = args.findIndex((word) => word.value === "run");
      const rest = run === -1 ? afterDoubleDash(args) : args.slice(run + 1);
      const index =
        rest === undefined
          ? -1
          : commandIndex(rest, { withArgument: "fe", longWithArgument: ["--file", "--env-file"] });
      return rest === undefined || index === -1 ? [] : [inner(invocation, rest.slice(index), name)];
    }
    case "env-cmd": {
      const index = commandIndex(args, {
        withArgument: "fre",
        longWithArgument: ["--file", "--rc-file", "--environments"],
      });
      return index === -1 ? [] : [inner(invocation, args.slice(index), name)];
    }
    case "cross-env":
    case "cross-env-shell": {
      const index = args.findIndex((word) => !/^\w+=/.test(word.value));
      if (index === -1) return [];
      return name === "cross-env-shell"
        ? [{ kind: "script", text: joined(args.slice(index)), origin: name }]
        : [inner(invocation, args.slice(index), name)];
    }
    case "bwrap": {
      const index = bwrapCommand(args);
      return index === -1 || index >= args.length ? [] : [inner(invocation, args.slice(index), "bwrap")];
    }
    case "capsh": {
      // Everything after `--` is handed to /bin/bash.
      const rest = afterDoubleDash(args);
      return rest === undefined
        ? []
        : [inner(invocation, [{ ...args[0]!, value: "bash", source: "bash" }, ...rest], "capsh")];
    }
    case "start-stop-daemon":
      return startStopDaemon(invocation, args);
    case "cmake": {
      // `cmake -E env [--unset=V] [NAME=VALUE]… CMD`, `cmake -E time CMD`, `cmake -E chdir DIR CMD`.
      if (args[0]?.value !== "-E") return [];
      const tool = args[1]?.value;
      let rest = args.slice(2);
      if (tool === "env")
        rest = rest.slice(rest.findIndex((word) => !/^(--unset=|--modify|[A-Za-z_]\w*=)/.test(word.value)));
      else if (tool === "chdir") rest = rest.slice(1);
      else if (tool !== "time") return [];
      return rest.length > 0 ? [inner(invocation, rest, `cmake -E ${tool}`)] : [];
    }
    case "ip": {
      const at = args.findIndex((word) => word.value === "exec");
      const object = args.find((word) => !word.value.startsWith("-"))?.value;
      if (at === -1 || (object !== "netns" && object !== "vrf")) return [];
      return at + 2 < args.length ? [inner(invocation, args.slice(at + 2), `ip ${object} exec`)] : [];
    }
    default:
      return [];
  }
}
