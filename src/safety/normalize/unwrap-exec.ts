import { type ExpandedWord, hasMarkers } from "../extract/expanded-word.js";
import type { Invocation } from "../extract/invocation.js";
import type { Nested } from "./nested.js";

/**
 * Commands run inside an existing pod, container or virtual machine: `kubectl exec POD -- CMD…`,
 * `kubectl debug node/N -- CMD…` (the node's root file system is at /host), `docker|podman|nerdctl
 * exec CONTAINER CMD…`, `docker compose exec SERVICE CMD…`, `lxc|incus exec NAME -- CMD…`,
 * `multipass exec NAME -- CMD…`. Such a place holds state the gate cannot see (a database's data, a
 * production pod), like another machine: the command (an argv, no shell in between) is judged as if
 * run here, in a scope of its own whose working directory is the unknown home unless the command
 * names one (`docker exec -w /`). `docker run` starts a fresh container instead: only its host
 * mounts matter (unwrap-container.ts).
 */

/** A word as shell text that re-parses to the same word: literal parts quoted, globs and unknowns kept. */
export function asShellWord(word: ExpandedWord): string {
  if (word.glob) return word.pattern;
  if (!hasMarkers(word.value)) return `'${word.value.replaceAll("'", "'\\''")}'`;
  return word.value
    .split(/([\uE000-\uE006])/)
    .map((part) =>
      part === "" ? "" : /^[\uE000-\uE006]$/.test(part) ? part : `'${part.replaceAll("'", "'\\''")}'`,
    )
    .join("");
}

function remoteArgv(
  words: readonly ExpandedWord[],
  origin: string,
  invocation: Invocation,
  cwd?: string,
): Nested[] {
  if (words.length === 0) return [];
  return [
    {
      kind: "script",
      text: words.map(asShellWord).join(" "),
      origin,
      remote: cwd?.startsWith("/") ? { cwd } : {},
      ...(invocation.stdin && invocation.stdin.origin !== "file" ? { stdin: invocation.stdin } : {}),
    },
  ];
}

interface ExecGrammar {
  /** Options that take the next word as their value. */
  readonly valued: ReadonlySet<string>;
  /** Options may follow the target (pflag): the command then starts only after `--`. */
  readonly interspersed: boolean;
  /** Options naming the working directory inside. */
  readonly workdir?: readonly string[];
}

const KUBECTL_VALUED = new Set(
  "-n --namespace -c --container -f --filename --context --kubeconfig -s --server --cluster --user --token --pod-running-timeout --image --target --profile --share-processes --copy-to --env --attach -l --selector --request-timeout --as --as-group --custom".split(
    " ",
  ),
);
const DOCKER_VALUED = new Set("-e --env --env-file -u --user -w --workdir --detach-keys --index".split(" "));
const LXC_VALUED = new Set("--env --cwd --user --group --mode --project".split(" "));

/** Splits `[options] TARGET [options] [--] COMMAND…` into the target and the command words. */
function targetAndCommand(
  args: readonly ExpandedWord[],
  grammar: ExecGrammar,
): { target: string; command: readonly ExpandedWord[]; workdir?: string } | undefined {
  let target: string | undefined;
  let workdir: string | undefined;
  for (let index = 0; index < args.length; index += 1) {
    const value = args[index]!.value;
    if (value === "--") {
      const found = target ?? args[index + 1]?.value;
      const start = target === undefined ? index + 2 : index + 1;
      return found === undefined
        ? undefined
        : { target: found, command: args.slice(start), ...(workdir ? { workdir } : {}) };
    }
    if (value.startsWith("-") && value !== "-") {
      const [option, attached] =
        value.startsWith("--") && value.includes("=") ? value.split(/=(.*)/s, 2) : [value, undefined];
      const short = !value.startsWith("--") && value.length > 2 ? value.slice(0, 2) : undefined;
      let argument = attached;
      if (attached === undefined && grammar.valued.has(option!)) {
        argument = args[index + 1]?.value;
        index += 1;
      } else if (short !== undefined && grammar.valued.has(short)) argument = value.slice(2);
      if (grammar.workdir?.includes(option!) || (short && grammar.workdir?.includes(short)))
        workdir = argument;
      continue;
    }
    if (target === undefined) {
      target = value;
      continue;
    }
    // Without `--`, a non-interspersed program's command starts at the first word after the target.
    if (!grammar.interspersed || !args.slice(index).some((word) => word.value === "--"))
      return { target, command: args.slice(index), ...(workdir ? { workdir } : {}) };
  }
  return undefined;
}

/** `kubectl debug node/N … -- chroot /host CMD`: the node's root is at /host. */
function onTheNode(words: readonly ExpandedWord[]): readonly ExpandedWord[] {
  const rest =
    words[0]?.value === "chroot" && /^\/host\/?$/.test(words[1]?.value ?? "") ? words.slice(2) : words;
  return rest.map((word) => {
    if (!/^\/host(\/|$)/.test(word.value)) return word;
    const value = word.value.slice(5) || "/";
    return { ...word, value, pattern: word.glob ? word.pattern.slice(5) || "/" : value };
  });
}

function kubectlCommand(name: string, invocation: Invocation, args: readonly ExpandedWord[]): Nested[] {
  // Global options (`-n prod`, `--context x`) may come before the subcommand.
  let index = 0;
  while (index < args.length && args[index]!.value.startsWith("-")) {
    const value = args[index]!.value;
    index += KUBECTL_VALUED.has(value) ? 2 : 1;
  }
  const subcommand = args[index]?.value;
  if (subcommand !== "exec" && subcommand !== "debug") return [];
  const parsed = targetAndCommand(args.slice(index + 1), { valued: KUBECTL_VALUED, interspersed: true });
  if (parsed === undefined) return [];
  if (subcommand === "debug") {
    const node = /^nodes?\//.test(parsed.target);
    return remoteArgv(
      node ? onTheNode(parsed.command) : parsed.command,
      `${name} debug ${parsed.target}`,
      invocation,
      node ? "/" : undefined,
    );
  }
  return remoteArgv(parsed.command, `${name} exec ${parsed.target}`, invocation);
}

function containerExec(name: string, invocation: Invocation, args: readonly ExpandedWord[]): Nested[] {
  const verbs = args.filter((word) => !word.value.startsWith("-")).map((word) => word.value);
  let start: number;
  let origin: string;
  if (verbs[0] === "exec") {
    start = args.findIndex((word) => word.value === "exec") + 1;
    origin = `${name} exec`;
  } else if ((verbs[0] === "container" || verbs[0] === "compose") && verbs[1] === "exec") {
    start = args.findIndex((word, position) => word.value === "exec" && position > 0) + 1;
    origin = `${name} ${verbs[0]} exec`;
  } else return [];
  const parsed = targetAndCommand(args.slice(start), {
    valued: DOCKER_VALUED,
    interspersed: false,
    workdir: ["-w", "--workdir"],
  });
  return parsed === undefined
    ? []
    : remoteArgv(parsed.command, `${origin} ${parsed.target}`, invocation, parsed.workdir);
}

const EXEC_PROGRAMS = new Set([
  "kubectl",
  "oc",
  "docker",
  "podman",
  "nerdctl",
  "docker-compose",
  "podman-compose",
  "lxc",
  "incus",
  "multipass",
]);

/** The command a program runs inside an existing pod, container or virtual machine, or []. */
export function unwrapExec(name: string, invocation: Invocation): Nested[] {
  // Checked first: every simple command passes here, and most are none of these.
  if (!EXEC_PROGRAMS.has(name)) return [];
  const args = invocation.words.slice(1);
  switch (name) {
    case "kubectl":
    case "oc":
      return kubectlCommand(name, invocation, args);
    case "docker":
    case "podman":
    case "nerdctl":
      return containerExec(name, invocation, args);
    case "docker-compose":
    case "podman-compose": {
      if (args.find((word) => !word.value.startsWith("-"))?.value !== "exec") return [];
      const start = args.findIndex((word) => word.value === "exec") + 1;
      const parsed = targetAndCommand(args.slice(start), {
        valued: DOCKER_VALUED,
        interspersed: false,
        workdir: ["-w", "--workdir"],
      });
      return parsed === undefined
        ? []
        : remoteArgv(parsed.command, `${name} exec ${parsed.target}`, invocation, parsed.workdir);
    }
    case "lxc":
    case "incus":
    case "multipass": {
      if (args.find((word) => !word.value.startsWith("-"))?.value !== "exec") return [];
      const start = args.findIndex((word) => word.value === "exec") + 1;
      const parsed = targetAndCommand(args.slice(start), {
        valued: LXC_VALUED,
        interspersed: true,
        workdir: ["--cwd"],
      });
      return parsed === undefined
        ? []
        : remoteArgv(parsed.command, `${name} exec ${parsed.target}`, invocation, parsed.workdir);
    }
    default:
      return [];
  }
}
