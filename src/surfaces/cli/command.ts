/** What every CLI subcommand gets: its own streams and process facts, so tests drive it in-process. */
export interface CliIo {
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  readonly stdin: NodeJS.ReadableStream;
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
}

export interface CliCommand {
  readonly name: string;
  /** One line for `shellgate --help`. */
  readonly summary: string;
  /** Full usage line; when set, `shellgate <name> --help` prints it without running the command. */
  readonly usage?: string;
  /** Resolves to the process exit code. Throw `UsageError` for bad input (exit 2, one line). */
  run(args: readonly string[], io: CliIo): Promise<number>;
}
