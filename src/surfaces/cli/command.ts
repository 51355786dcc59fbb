import type { Interrupter } from "./interrupter.js";

/** What every CLI subcommand gets: its own streams and process facts, so tests drive it in-process. */
export interface CliIo {
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  readonly stdin: NodeJS.ReadableStream;
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  /** Signals to shellgate and a closed stdout; absent in-process (nothing interrupts then). */
  readonly interrupter?: Interrupter;
}

export interface CliCommand {
  /** Its one-line summary, usage and examples are in help/command-help.ts, which `--help` prints. */
  readonly name: string;
  /** The exit code of an input error (default 2); `run` uses 64 so it differs from a command's 2. */
  readonly inputErrorExitCode?: number;
  /** Resolves to the process exit code. Throw `UsageError` for bad input (exit 2, one line). */
  run(args: readonly string[], io: CliIo): Promise<number>;
}
