import type { ExpandedWord } from "../extract/expanded-word.js";
import type { Invocation } from "../extract/invocation.js";
import { ownEntry } from "../own-entry.js";

/**
 * Remote-execution tools whose argument is a command for another machine: cloud agents (`az vm
 * run-command invoke --scripts`, `aws ssm send-command --parameters commands=[…]`), fleet tools
 * (`fab -H HOST -- CMD`, `knife ssh QUERY CMD`, `consul exec`, `bolt command run`), platform shells
 * (`fly ssh console -C`, `heroku run`, `cf ssh -c`) and the ssh front ends of virtual machines
 * (`minikube ssh`, `limactl shell`). One table of (program, subcommand words, where the command is)
 * instead of one parser each: the command found is judged as if it ran here, in the remote scope.
 */

type Carrier =
  /** The value of one of these options is shell text; `lines`: every word up to the next option is a line. */
  | { readonly option: readonly string[]; readonly lines?: boolean; readonly parameter?: string }
  /** The operands from this index on (after the subcommand words): shell text, or an argv with `argv`. */
  | { readonly operand: number; readonly argv?: boolean }
  /** The words after `--` are shell text (`fab -H h -- CMD`). */
  | { readonly dashDash: true }
  /** The words after `--` are ssh's own arguments after the destination (`gcloud compute ssh VM -- CMD`). */
  | { readonly sshArguments: true };

interface RemoteTool {
  /** The subcommand words, in order, before the command; `*` matches any one word. */
  readonly path: readonly string[];
  readonly carrier: Carrier;
  /** Options that take the next word as their value (for counting operands). */
  readonly valued?: readonly string[];
  /** An option whose value, matching `skip`, says the command is not shell text (PowerShell). */
  readonly skipWhen?: { readonly option: string; readonly value: RegExp };
}

const POWERSHELL = /powershell/i;

const REMOTE_TOOLS: Readonly<Record<string, readonly RemoteTool[]>> = {
  az: [
    {
      path: ["vm", "run-command", "invoke"],
      carrier: { option: ["--scripts"], lines: true },
      skipWhen: { option: "--command-id", value: POWERSHELL },
    },
    {
      path: ["vmss", "run-command", "invoke"],
      carrier: { option: ["--scripts"], lines: true },
      skipWhen: { option: "--command-id", value: POWERSHELL },
    },
    { path: ["vm", "run-command", "create"], carrier: { option: ["--script"], lines: true } },
    { path: ["connectedmachine", "run-command", "create"], carrier: { option: ["--script"], lines: true } },
    { path: ["container", "exec"], carrier: { option: ["--exec-command"] } },
    { path: ["ssh", "vm"], carrier: { sshArguments: true } },
  ],
  aws: [
    {
      path: ["ssm", "send-command"],
      carrier: { option: ["--parameters"], parameter: "commands" },
      skipWhen: { option: "--document-name", value: POWERSHELL },
    },
    { path: ["ssm", "start-session"], carrier: { option: ["--parameters"], parameter: "command" } },
    { path: ["ecs", "execute-command"], carrier: { option: ["--command"] } },
  ],
  gcloud: [{ path: ["compute", "ssh"], carrier: { sshArguments: true } }],
  fab: [{ path: [], carrier: { dashDash: true } }],
  fly: [
    { path: ["ssh", "console"], carrier: { option: ["-C", "--command"] } },
    { path: ["machine", "exec"], carrier: { operand: 1 }, valued: ["-a", "--app", "--timeout"] },
  ],
  knife: [
    {
      path: ["ssh"],
      carrier: { operand: 1 },
      valued: ["-a", "--attribute", "-C", "--concurrency", "-x", "--ssh-user", "-P", "--ssh-password"]
        .concat(["-p", "--ssh-port", "-i", "--ssh-identity-file", "-G", "--ssh-gateway"])
        .concat(["-e", "--exit-on-error", "--prefix-attribute"]),
    },
  ],
  heroku: ["run", "run:detached", "run:inside"].map((verb) => ({
    path: [verb],
    carrier: { operand: 0 },
    valued: ["-a", "--app", "-r", "--remote", "-s", "--size", "-e", "--env", "--type"],
  })),
  doctl: [{ path: ["compute", "ssh"], carrier: { option: ["--ssh-command"] } }],
  hcloud: [
    {
      path: ["server", "ssh"],
      carrier: { operand: 1 },
      valued: ["-u", "--user", "-p", "--port", "-i", "--identity-file"],
    },
  ],
  cf: [{ path: ["ssh"], carrier: { option: ["-c", "--command"] } }],
  eb: [{ path: ["ssh"], carrier: { option: ["--command"] } }],
  juju: [
    { path: ["ssh"], carrier: { operand: 1 }, valued: ["-m", "--model", "--container"] },
    {
      path: ["exec"],
      carrier: { operand: 0 },
      valued: ["-m", "--model", "-u", "--unit", "--machine", "-a", "--application", "--timeout"].concat([
        "-o",
        "--output",
        "--format",
        "--operator",
      ]),
    },
  ],
  nomad: [
    {
      path: ["alloc", "exec"],
      carrier: { operand: 1, argv: true },
      valued: ["-task", "-e", "-address", "-namespace", "-region", "-token", "-job"],
    },
  ],
  tsh: [
    {
      path: ["ssh"],
      carrier: { operand: 1 },
      valued: ["-l", "--login", "-p", "--port", "--proxy", "--cluster", "-L", "--forward", "-o"].concat([
        "--option",
        "--user",
        "-R",
        "--request-mode",
      ]),
    },
  ],
  consul: [
    {
      path: ["exec"],
      carrier: { operand: 0 },
      valued: ["-node", "-service", "-tag", "-prefix", "-wait", "-wait-repl", "-datacenter"].concat([
        "-http-addr",
        "-token",
        "-shell",
      ]),
    },
  ],
  kamal: [
    ...["app", "server"].map((group) => ({
      path: [group, "exec"],
      carrier: { operand: 0 },
      valued: ["-d", "--destination", "-r", "--roles", "-h", "--hosts", "-c", "--config-file"].concat([
        "--version",
        "--env",
      ]),
    })),
    {
      path: ["accessory", "exec"],
      carrier: { operand: 1 },
      valued: ["-d", "--destination", "-c", "--config-file", "--hosts", "-h"],
    },
  ],
  gh: ["codespace", "cs"].map((group) => ({ path: [group, "ssh"], carrier: { sshArguments: true } })),
  devpod: [{ path: ["ssh"], carrier: { option: ["--command"] } }],
  minikube: [{ path: ["ssh"], carrier: { operand: 0 }, valued: ["-n", "--node", "-p", "--profile"] }],
  colima: [{ path: ["ssh"], carrier: { operand: 0 }, valued: ["-p", "--profile"] }],
  limactl: [
    { path: ["shell"], carrier: { operand: 1 }, valued: ["--workdir", "--shell", "--tty", "--preserve-env"] },
  ],
  "docker-machine": [{ path: ["ssh"], carrier: { operand: 1 } }],
  pct: [{ path: ["exec"], carrier: { operand: 1, argv: true } }],
  qm: [{ path: ["guest", "exec"], carrier: { operand: 1, argv: true }, valued: ["--timeout"] }],
  "lxc-attach": [{ path: [], carrier: { dashDash: true } }],
  bolt: [
    {
      path: ["command", "run"],
      carrier: { operand: 0 },
      valued: [
        "-t",
        "--targets",
        "-u",
        "--user",
        "-p",
        "--password",
        "--run-as",
        "-i",
        "--inventoryfile",
      ].concat(["--concurrency", "--transport", "--modulepath", "--project", "--sudo-password", "--env-var"]),
    },
  ],
  pyinfra: [{ path: ["*", "exec"], carrier: { dashDash: true } }],
  rsh: [{ path: [], carrier: { operand: 1 }, valued: ["-l"] }],
  remsh: [{ path: [], carrier: { operand: 1 }, valued: ["-l"] }],
  mussh: [{ path: [], carrier: { option: ["-c"] } }],
  dsh: [
    {
      path: [],
      carrier: { operand: 0 },
      valued: ["-m", "--machine", "-g", "--group", "-f", "--file", "-r", "--remoteshell", "-o"].concat([
        "--remoteshellopt",
        "-F",
        "--forklimit",
      ]),
    },
  ],
};

/** What a table entry found: shell text, or an argv (already words), or ssh's own arguments. */
export type RemoteFinding =
  | { readonly kind: "text"; readonly text: string; readonly origin: string }
  | { readonly kind: "argv"; readonly words: readonly ExpandedWord[]; readonly origin: string }
  | {
      readonly kind: "ssh";
      readonly words: readonly ExpandedWord[];
      readonly origin: string;
      readonly destination?: ExpandedWord;
    };

function isOption(value: string): boolean {
  return value.startsWith("-") && value.length > 1;
}

/** The value of `--opt VALUE` / `--opt=VALUE` (and every word up to the next option with `lines`). */
function optionValues(args: readonly ExpandedWord[], names: readonly string[], lines: boolean): string[] {
  const found: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const value = args[index]!.value;
    const name = names.find((option) => value === option || value.startsWith(`${option}=`));
    if (name === undefined) continue;
    if (value !== name) {
      found.push(value.slice(name.length + 1));
      continue;
    }
    const values: string[] = [];
    for (let next = index + 1; next < args.length; next += 1) {
      const word = args[next]!.value;
      if (values.length > 0 && (!lines || isOption(word))) break;
      if (values.length === 0 && isOption(word) && lines) break;
      values.push(word);
      index = next;
    }
    if (values.length > 0) found.push(values.join("\n"));
  }
  return found;
}

/**
 * A parameter list's command lines: `commands=["a","b"]`, `commands=a`, `{"commands":["a"]}` (the
 * AWS CLI's shorthand and JSON forms).
 */
function parameterLines(value: string, parameter: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed.startsWith("{")) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      const list = parsed && typeof parsed === "object" ? Object.entries(parsed) : [];
      const entry = list.find(([key]) => key === parameter)?.[1];
      if (Array.isArray(entry)) return entry.map(String).join("\n");
      return typeof entry === "string" ? entry : undefined;
    } catch {
      return undefined;
    }
  }
  const match = new RegExp(`(?:^|,)\\s*${parameter}\\s*=\\s*(.*)$`, "s").exec(trimmed);
  if (!match) return undefined;
  const list = match[1]!.trim();
  if (list.startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(list);
      if (Array.isArray(parsed)) return parsed.map(String).join("\n");
    } catch {
      // The shorthand list `[a,b]` without quotes: its items are the lines.
      return list
        .slice(1, list.lastIndexOf("]") === -1 ? undefined : list.lastIndexOf("]"))
        .split(",")
        .join("\n");
    }
  }
  return list.replace(/^(["'])(.*)\1$/s, "$2");
}

/**
 * The words from the operand numbered `skip` on (options before it and their values left out): the
 * command starts there and runs to the end, its own options included.
 */
function commandFrom(args: readonly ExpandedWord[], valued: readonly string[], skip: number): ExpandedWord[] {
  let seen = 0;
  for (let index = 0; index < args.length; index += 1) {
    const value = args[index]!.value;
    if (value === "--") return args.slice(index + 1 + Math.max(0, skip - seen));
    if (isOption(value)) {
      if (valued.includes(value)) index += 1;
      continue;
    }
    if (seen === skip) return args.slice(index);
    seen += 1;
  }
  return [];
}

/** Where the subcommand words end, or -1 when the words do not match the entry's path. */
function afterPath(
  args: readonly ExpandedWord[],
  path: readonly string[],
  valued: readonly string[],
): number {
  let index = 0;
  for (const step of path) {
    while (index < args.length && isOption(args[index]!.value))
      index += valued.includes(args[index]!.value) ? 2 : 1;
    const word = args[index]?.value;
    if (word === undefined || (step !== "*" && word !== step)) return -1;
    index += 1;
  }
  return index;
}

function find(program: string, tool: RemoteTool, args: readonly ExpandedWord[]): RemoteFinding[] {
  const valued = tool.valued ?? [];
  const start = afterPath(args, tool.path, valued);
  if (start === -1) return [];
  const rest = args.slice(start);
  if (tool.skipWhen) {
    const [kind] = optionValues(rest, [tool.skipWhen.option], false);
    if (kind !== undefined && tool.skipWhen.value.test(kind)) return [];
  }
  const origin = [program, ...args.slice(0, start).map((word) => word.value)].join(" ");
  const carrier = tool.carrier;
  if ("option" in carrier) {
    return optionValues(rest, carrier.option, carrier.lines === true).flatMap((value) => {
      const text = carrier.parameter === undefined ? value : parameterLines(value, carrier.parameter);
      return text === undefined ? [] : [{ kind: "text" as const, text, origin }];
    });
  }
  if ("operand" in carrier) {
    const command = commandFrom(rest, valued, carrier.operand);
    if (command.length === 0) return [];
    return carrier.argv
      ? [{ kind: "argv", words: command, origin }]
      : [{ kind: "text", text: command.map((word) => word.value).join(" "), origin }];
  }
  const dash = rest.findIndex((word) => word.value === "--");
  if (dash === -1 || dash === rest.length - 1) return [];
  const after = rest.slice(dash + 1);
  if ("sshArguments" in carrier) {
    const destination = rest.slice(0, dash).find((word) => !isOption(word.value));
    return [{ kind: "ssh", words: after, origin, ...(destination ? { destination } : {}) }];
  }
  return [{ kind: "text", text: after.map((word) => word.value).join(" "), origin }];
}

/** Whether `name` is one of the table's programs (checked first: most commands are none). */
export function isRemoteTool(name: string): boolean {
  return name === "flyctl" || Object.hasOwn(REMOTE_TOOLS, name);
}

/** The commands a remote-execution tool of the table sends to another machine. */
export function remoteToolCommands(name: string, invocation: Invocation): RemoteFinding[] {
  const tools = ownEntry(REMOTE_TOOLS, name === "flyctl" ? "fly" : name);
  if (tools === undefined) return [];
  const args = invocation.words.slice(1);
  return tools.flatMap((tool) => find(name, tool, args));
}
