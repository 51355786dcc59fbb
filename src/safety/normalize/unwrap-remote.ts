import { type ExpandedWord, literalWord } from "../extract/expanded-word.js";
import type { Invocation } from "../extract/invocation.js";
import { joined } from "./inner-command.js";
import type { Nested } from "./nested.js";
import { isRemoteTool, type RemoteFinding, remoteToolCommands } from "./remote-tools.js";
import { asShellWord } from "./unwrap-exec.js";

/**
 * Commands sent to another machine as shell text: `ssh HOST CMD…` and its relatives (autossh, mosh,
 * slogin, `gcloud compute ssh --command`, `vagrant ssh -c`), parallel shells (pdsh, clush, pssh) and
 * ad-hoc configuration tools (ansible's command/shell/raw modules, salt's cmd.run). The remote side
 * joins the words with spaces and parses the result with its own shell, so the joined text is judged
 * as a script, in a scope of its own: nothing this script set, the login directory the remote home.
 */

type Script = Extract<Nested, { kind: "script" }>;

function remoteScript(text: string, origin: string, stdin?: Invocation["stdin"]): Script {
  return { kind: "script", text, origin, remote: {}, ...(stdin ? { stdin } : {}) };
}

/** Reads a getopt-style cluster (`-p22`, `-tt`, `-oX=y`); returns how many words it used and its letters. */
function cluster(
  args: readonly ExpandedWord[],
  index: number,
  valued: string,
): { used: number; letters: string } {
  const value = args[index]!.value;
  let letters = "";
  for (let position = 1; position < value.length; position += 1) {
    const letter = value[position]!;
    letters += letter;
    if (valued.includes(letter)) return { used: position === value.length - 1 ? 2 : 1, letters };
  }
  return { used: 1, letters };
}

/** OpenSSH's option letters that take a value (from its getopt string). */
const SSH_VALUED = "bceilmopBDEFIJLOPQRSwW";
/** Options after which ssh runs no remote command: -N, -G (print config), -V, -Q, -O (control), -W. */
const SSH_NO_COMMAND = /[NGVQOW]/;

/**
 * `ssh [options] destination [options] [--] [command…]`: ssh parses options again after the
 * destination, up to the first word that is not one.
 */
function sshCommand(
  name: string,
  invocation: Invocation,
  args: readonly ExpandedWord[],
  valued: string,
): Nested[] {
  let destination: string | undefined;
  let letters = "";
  let index = 0;
  while (index < args.length) {
    const value = args[index]!.value;
    if (value === "--") {
      index += 1;
      if (destination === undefined && index < args.length) {
        destination = args[index]!.value;
        index += 1;
      }
      break;
    }
    if (value.startsWith("-") && value.length > 1) {
      const read = cluster(args, index, valued);
      letters += read.letters;
      index += read.used;
      continue;
    }
    if (destination !== undefined) break;
    destination = value;
    index += 1;
  }
  if (destination === undefined || SSH_NO_COMMAND.test(letters)) return [];
  const origin = `${name} ${destination}`;
  const command = args.slice(index);
  // A file fed to the remote shell is the repository's own, like `bash -s < deploy.sh` here.
  // One this command wrote (or a `<(…)`) has known content, judged as what the remote shell reads.
  const ownFile = invocation.stdin?.origin === "file" && invocation.stdin.read() === undefined;
  const stdin = letters.includes("n") || ownFile ? undefined : invocation.stdin;
  if (command.length > 0) return [remoteScript(joined(command), origin, stdin)];
  // `-o RemoteCommand=CMD` (ssh_config(5)) is the command when none is given on the line.
  const configured = remoteCommandOption(args);
  if (configured !== undefined) return [remoteScript(configured, origin, stdin)];
  // No command: the remote login shell reads its commands from standard input.
  if (stdin === undefined) return [];
  const text = stdin.read();
  return text === undefined ? [] : [remoteScript(text, `the input of ${origin}`)];
}

/** The value of `-o RemoteCommand=…` (or `-oRemoteCommand …`, `-o 'RemoteCommand …'`), if given. */
function remoteCommandOption(args: readonly ExpandedWord[]): string | undefined {
  for (const [index, word] of args.entries()) {
    const option =
      word.value === "-o"
        ? args[index + 1]?.value
        : word.value.startsWith("-o")
          ? word.value.slice(2)
          : undefined;
    const match = option === undefined ? null : /^\s*remotecommand(?:\s*=\s*|\s+)(.+)$/is.exec(option);
    if (match && match[1]!.trim().toLowerCase() !== "none") return match[1];
  }
  return undefined;
}

/** `mosh [options] [--] host [--] [command…]`: its own options are long ones or `-p`/`-a`/`-n`. */
function moshCommand(invocation: Invocation, args: readonly ExpandedWord[]): Nested[] {
  let index = 0;
  while (index < args.length && args[index]!.value.startsWith("-") && args[index]!.value !== "--")
    index += args[index]!.value === "-p" ? 2 : 1;
  if (args[index]?.value === "--") index += 1;
  const host = args[index]?.value;
  if (host === undefined) return [];
  index += 1;
  if (args[index]?.value === "--") index += 1;
  const command = args.slice(index);
  return command.length === 0 ? [] : [remoteScript(joined(command), `mosh ${host}`, invocation.stdin)];
}

/** `pdsh -w HOSTS CMD…`, `clush -w NODES CMD…`, `pssh -h FILE CMD`: everything after the options. */
function parallelShellCommand(name: string, args: readonly ExpandedWord[], valued: string): Nested[] {
  let index = 0;
  while (index < args.length) {
    const value = args[index]!.value;
    if (value === "--") {
      index += 1;
      break;
    }
    if (!value.startsWith("-") || value === "-") break;
    if (value.startsWith("--")) {
      index += value.includes("=") ? 1 : 2;
      continue;
    }
    index += cluster(args, index, valued).used;
  }
  const command = args.slice(index);
  return command.length === 0 ? [] : [remoteScript(joined(command), `${name} (on every host it reaches)`)];
}

const ANSIBLE_VALUED = new Set([
  "-m",
  "--module-name",
  "-a",
  "--args",
  "-i",
  "--inventory",
  "--inventory-file",
  "-u",
  "--user",
  "-f",
  "--forks",
  "-e",
  "--extra-vars",
  "-l",
  "--limit",
  "-B",
  "--background",
  "-P",
  "--poll",
  "-T",
  "--timeout",
  "--become-user",
  "--become-method",
  "-c",
  "--connection",
  "--private-key",
  "--key-file",
  "-M",
  "--module-path",
  "--vault-id",
  "--vault-password-file",
  "-t",
  "--tree",
  "--ssh-common-args",
  "--ssh-extra-args",
  "--scp-extra-args",
  "--sftp-extra-args",
]);
const ANSIBLE_COMMAND_MODULES = /^(ansible\.(builtin|legacy)\.)?(command|shell|raw)$/;
const ANSIBLE_FILE_MODULES = /^(ansible\.(builtin|legacy)\.)?file$/;

/**
 * `ansible PATTERN -m shell -a 'CMD'` (the default module is `command`), with `-b`/`--become` as
 * sudo; `-m file -a 'path=X state=absent'` deletes X recursively.
 */
function ansibleCommand(args: readonly ExpandedWord[]): Nested[] {
  let module = "command";
  let moduleArgs: string | undefined;
  let become = false;
  for (let index = 0; index < args.length; index += 1) {
    const value = args[index]!.value;
    const [option, attached] =
      value.startsWith("--") && value.includes("=") ? value.split(/=(.*)/s, 2) : [value, undefined];
    if (
      option === "-b" ||
      option === "--become" ||
      (/^-[a-zA-Z]+$/.test(value) && value.includes("b") && !ANSIBLE_VALUED.has(value))
    )
      become = true;
    if (!ANSIBLE_VALUED.has(option!)) continue;
    const argument = attached ?? args[index + 1]?.value;
    if (attached === undefined) index += 1;
    if (option === "-m" || option === "--module-name") module = argument ?? module;
    if (option === "-a" || option === "--args") moduleArgs = argument;
  }
  if (moduleArgs === undefined) return [];
  const sudo = become ? "sudo " : "";
  if (ANSIBLE_COMMAND_MODULES.test(module)) {
    // `chdir=/x creates=/y cmd`: the command module's own key=value words come first.
    const command = moduleArgs.replace(/^(\s*(chdir|creates|removes|executable|warn|stdin)=\S+)+\s*/, "");
    return [remoteScript(`${sudo}${command}`, `ansible -m ${module} (on every host it reaches)`)];
  }
  if (ANSIBLE_FILE_MODULES.test(module) && /(^|\s)state=absent(\s|$)/.test(moduleArgs)) {
    const path = /(?:^|\s)(?:path|dest|name)=(\S+)/.exec(moduleArgs)?.[1];
    if (path) return [remoteScript(`${sudo}rm -rf -- ${path}`, "ansible -m file state=absent")];
  }
  return [];
}

const SALT_COMMANDS = /^cmd\.(run|shell|run_all|run_stdout|run_stderr|run_bg|exec_code)$/;

/** `salt TARGET cmd.run 'CMD'`: the function's argument is shell text run on every minion. */
function saltCommand(name: string, args: readonly ExpandedWord[]): Nested[] {
  const operands = args.filter((word) => !word.value.startsWith("-"));
  const index = operands.findIndex((word) => SALT_COMMANDS.test(word.value));
  if (index < 1 || operands[index + 1] === undefined) return [];
  return [
    remoteScript(
      joined(operands.slice(index + 1)),
      `${name} ${operands[index]!.value} (on every minion it reaches)`,
    ),
  ];
}

/** `--command=CMD`, `--command CMD`, `-c CMD`: the value of the first such option. */
function optionValue(args: readonly ExpandedWord[], names: readonly string[]): string | undefined {
  for (let index = 0; index < args.length; index += 1) {
    const value = args[index]!.value;
    for (const name of names) {
      if (value === name) return args[index + 1]?.value;
      if (name.startsWith("--") && value.startsWith(`${name}=`)) return value.slice(name.length + 1);
    }
  }
  return undefined;
}

const REMOTE_PROGRAMS = new Set([
  "ssh",
  "slogin",
  "autossh",
  "mosh",
  "pdsh",
  "clush",
  "pssh",
  "parallel-ssh",
  "ansible",
  "salt",
  "salt-ssh",
  "vagrant",
  "gcloud",
]);

/** The shell text a remote-execution program sends to another machine, or [] when it is none. */
export function unwrapRemote(name: string, invocation: Invocation): Nested[] {
  // Checked first: every simple command passes here, and most are none of these.
  const inTable = isRemoteTool(name);
  if (!inTable && !REMOTE_PROGRAMS.has(name)) return [];
  const found = inTable
    ? remoteToolCommands(name, invocation).flatMap((item) => fromTable(item, invocation))
    : [];
  return REMOTE_PROGRAMS.has(name) ? [...found, ...programCommand(name, invocation)] : found;
}

/** A remote-tool table finding as the script the other machine runs. */
function fromTable(item: RemoteFinding, invocation: Invocation): Nested[] {
  if (item.kind === "text") return [remoteScript(item.text, item.origin)];
  if (item.kind === "argv") return [remoteScript(item.words.map(asShellWord).join(" "), item.origin)];
  // ssh's own arguments after the destination the tool fills in.
  const destination = item.destination ?? literalWord("HOST", invocation.span);
  return sshCommand(item.origin, invocation, [destination, ...item.words], SSH_VALUED);
}

function programCommand(name: string, invocation: Invocation): Nested[] {
  const args = invocation.words.slice(1);
  switch (name) {
    case "ssh":
    case "slogin":
      return sshCommand(name, invocation, args, SSH_VALUED);
    case "autossh":
      return sshCommand(name, invocation, args, `${SSH_VALUED}M`);
    case "mosh":
      return moshCommand(invocation, args);
    case "pdsh":
      return parallelShellCommand(name, args, "wxgXRltuf");
    case "clush":
      return parallelShellCommand(name, args, "wxgXlftuoRE");
    case "pssh":
    case "parallel-ssh":
      return parallelShellCommand(name, args, "hHlpoetOxX");
    case "ansible":
      return ansibleCommand(args);
    case "salt":
    case "salt-ssh":
      return saltCommand(name, args);
    case "vagrant": {
      if (args.find((word) => !word.value.startsWith("-"))?.value !== "ssh") return [];
      const command = optionValue(args, ["-c", "--command"]);
      return command === undefined ? [] : [remoteScript(command, "vagrant ssh -c")];
    }
    case "gcloud": {
      if (!args.some((word) => word.value === "ssh")) return [];
      const command = optionValue(args, ["--command"]);
      return command === undefined ? [] : [remoteScript(command, "gcloud compute ssh --command")];
    }
    default:
      return [];
  }
}
