// What `shellgate help <command>` and `shellgate <command> --help` print: usage, what the command
// does, and examples to copy (POSIX shell quoting; the README shows PowerShell and cmd.exe).

export interface CommandHelp {
  /** One line for `shellgate --help`. */
  readonly summary: string;
  readonly usage: string;
  readonly about: string;
  readonly examples: readonly string[];
}

export const COMMAND_HELP: Readonly<Record<string, CommandHelp>> = {
  describe: {
    summary: "which shell commands run in, and the description the model reads",
    usage: "shellgate describe [--json] [--host FILE] [--config FILE]",
    about:
      "Prints which shell commands run in, where it was found, and the paragraph the model reads about it.\n--host FILE resolves against a snapshot from `shellgate doctor --capture` instead of this machine.",
    examples: ["shellgate describe", "shellgate describe --json", "shellgate describe --host host.json"],
  },
  doctor: {
    summary: "the full shell-resolution trace for a bug report",
    usage: "shellgate doctor [--json] [--host FILE] [--capture] [--config FILE]",
    about:
      "Prints the full resolution trace: every candidate shell, accepted or rejected, and why.\n--capture prints a snapshot of this machine instead, for a bug report.",
    examples: ["shellgate doctor", "shellgate doctor --capture > host.json"],
  },
  check: {
    summary: "judge a command with the safety gate (exit 0 allowed, 1 blocked, 64 bad input)",
    usage:
      "shellgate check [--profile P] [--allow PAT]… [--deny PAT]… [--config FILE] [--cwd DIR] [--host FILE] [--json] [--] COMMAND\nshellgate check --jsonl [--profile P] [--cwd DIR] [--host FILE] < commands.jsonl",
    about:
      "Judges a command with the safety gate without running it: exit 0 allowed, 1 blocked (the reason on stdout).\n--jsonl reads one JSON command per line and writes one verdict per line.",
    examples: [
      "shellgate check 'git status && sudo reboot'",
      "shellgate check --profile standard --allow 'sudo apt *' -- 'sudo apt install vim'",
      "shellgate check --jsonl < commands.jsonl",
    ],
  },
  run: {
    summary: "run one command through shellgate (gate, shell, limits) and print what the model would see",
    usage:
      "shellgate run [--timeout S] [--cwd DIR] [--profile P] [--config FILE] [--sandbox off|auto|required] [--executor docker:NAME|ssh://user@host:port|k8s://ns/pod/container] [--json] [--background] [--] COMMAND\nshellgate run [options] -   (reads the command from stdin)",
    about:
      "Runs one command through shellgate (the safety gate, the resolved shell, the limits) and prints what the model\nwould see; the exit code is the command's. On a terminal, output is shown as it arrives and the markers follow it.",
    examples: [
      "shellgate run 'ls -la | head -5'",
      "shellgate run --timeout 5 -- 'sleep 10'",
      "echo 'grep -rn TODO src' | shellgate run -",
      "shellgate run --json 'echo hi; exit 3'",
    ],
  },
  mcp: {
    summary: "serve bash, bash_output, bash_kill (and process_* tools) to an MCP client over stdio",
    usage: "shellgate mcp [--config FILE] [--sandbox off|auto|required]",
    about:
      "Serves bash, bash_output and bash_kill (and, with managed_processes, the process_* tools) to an MCP client over\nstdio. The config comes from --config FILE, else the file SHELLGATE_CONFIG names, else shellgate.config.json in\nthe working directory. --sandbox overrides sandbox.mode (and SHELLGATE_SANDBOX). Logs go to stderr.\nClosing stdin or SIGTERM stops every process it started.",
    examples: [
      "shellgate mcp --config /home/me/project/shellgate.config.json",
      "npx @modelcontextprotocol/inspector --cli --method tools/list -- npx shellgate mcp",
    ],
  },
};

/** The help text of one command, or undefined for a name that has none. */
export function commandHelpText(name: string): string | undefined {
  const help = COMMAND_HELP[name];
  if (help === undefined) return undefined;
  const usage = help.usage
    .split("\n")
    .map((line, index) => `${index === 0 ? "usage: " : "       "}${line}`)
    .join("\n");
  const examples = help.examples.map((example) => `  ${example}`).join("\n");
  return `${usage}\n\n${help.about}\n\nexamples:\n${examples}\n`;
}
