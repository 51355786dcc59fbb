/** What every CLI subcommand gets: its own streams and process facts, so tests drive it in-process. */
export interface CliIo {
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  readonly stdin: NodeJS.ReadableStream;
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
}

export interface CliCommand {
  /** Its one-line summary, usage and examples are in help/command-help.ts, which `--help` prints. */
  readonly name: string;
  /** Resolves to the process exit code. Throw `UsageError` for bad input (exit 2, one line). */
  run(args: readonly string[], io: CliIo): Promise<number>;
}
