import type { CliCommand, CliIo } from "./command.js";
import { commands } from "./commands/index.js";
import { isInputError } from "./input-error.js";

function processIo(): CliIo {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    cwd: process.cwd(),
    env: process.env,
  };
}

function helpText(): string {
  const width = Math.max(...commands.map((command) => command.name.length));
  const lines = commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`);
  return `usage: shellgate <command> [options]\n\ncommands:\n${lines.join("\n")}\n`;
}

/** Runs one CLI invocation and resolves to its exit code; never throws. */
export async function main(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    io.stdout.write(helpText());
    return name === undefined ? 2 : 0;
  }
  const command: CliCommand | undefined = commands.find((candidate) => candidate.name === name);
  if (!command) {
    io.stderr.write(`shellgate: unknown command '${name}'; run 'shellgate --help' for the list\n`);
    return 2;
  }
  if (command.usage !== undefined && rest.length === 1 && (rest[0] === "--help" || rest[0] === "-h")) {
    io.stdout.write(`${command.usage}\n  ${command.summary}\n`);
    return 0;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (isInputError(error)) {
      io.stderr.write(`shellgate ${command.name}: ${error.message}\n`);
      return 2;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(`shellgate ${command.name}: ${message}\n`);
    return 1;
  }
}
