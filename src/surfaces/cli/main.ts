import { currentDirectory } from "../../../platforms/index.js";
import { packageVersion } from "../mcp/package-version.js";
import type { CliCommand, CliIo } from "./command.js";
import { commands } from "./commands/index.js";
import { isExecutorProblem } from "./executor-problem.js";
import { COMMAND_HELP, commandHelpText } from "./help/command-help.js";
import { isInputError } from "./input-error.js";
import { processInterrupter } from "./process-interrupter.js";
import { NOT_STARTED_EXIT } from "./run-exit.js";

function processIo(): CliIo {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    // Read when a command needs it: `--version` and `--help` work in a deleted directory, and a
    // command that needs it gets the one sentence inside its own error handling.
    get cwd() {
      return currentDirectory();
    },
    env: process.env,
    interrupter: processInterrupter(),
  };
}

/** Every command with its summary and its usage lines, so the options are on the first screen. */
function helpText(): string {
  const width = Math.max(...commands.map((command) => command.name.length));
  const blocks = commands.map((command) => {
    const help = COMMAND_HELP[command.name];
    const usage = (help?.usage ?? "").split("\n").map((line) => `  ${" ".repeat(width)}  ${line}`);
    return [`  ${command.name.padEnd(width)}  ${help?.summary}`, ...usage].join("\n");
  });
  return `usage: shellgate <command> [options]\n       shellgate help <command>\n       shellgate <command> --help\n       shellgate --version\n\ncommands:\n${blocks.join("\n")}\n`;
}

/** `--help` or `-h` anywhere before `--`: `run --json --help` asks for help, not for a run. */
function asksForHelp(args: readonly string[]): boolean {
  const end = args.indexOf("--");
  return (end === -1 ? args : args.slice(0, end)).some((arg) => arg === "--help" || arg === "-h");
}

function help(name: string, io: CliIo): number {
  const text = commandHelpText(name);
  if (text === undefined) {
    io.stderr.write(`shellgate: no command '${name}'; run 'shellgate --help' for the list\n`);
    return 2;
  }
  io.stdout.write(text);
  return 0;
}

/** Runs one CLI invocation and resolves to its exit code; never throws. */
export async function main(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  const [name, ...rest] = argv;
  if (name === "--version" || name === "-V") {
    io.stdout.write(`${packageVersion()}\n`);
    return 0;
  }
  if (name === "help" && rest.length > 0) return help(rest[0]!, io);
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    io.stdout.write(helpText());
    return name === undefined ? 2 : 0;
  }
  const command: CliCommand | undefined = commands.find((candidate) => candidate.name === name);
  if (!command) {
    io.stderr.write(`shellgate: unknown command '${name}'; run 'shellgate --help' for the list\n`);
    return 2;
  }
  if (asksForHelp(rest)) return help(command.name, io);
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (isExecutorProblem(error)) {
      io.stderr.write(`shellgate ${command.name}: ${error.message}\n`);
      return NOT_STARTED_EXIT;
    }
    if (isInputError(error)) {
      io.stderr.write(`shellgate ${command.name}: ${error.message}\n`);
      return command.inputErrorExitCode ?? 2;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(`shellgate ${command.name}: ${message}\n`);
    return 1;
  }
}
