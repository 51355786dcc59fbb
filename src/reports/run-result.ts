/** Processes that outlived the shell (`cmd &`, `nohup server &`), and what was done about them. */
export interface BackgroundChildren {
  readonly pids: readonly number[];
  /** True when they were killed (`kill_background_children`, the default); false: left running. */
  readonly killed: boolean;
}

/** The structured result of one foreground run. */
export interface RunResult {
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
  /** The deadline fired; reported however the process then ended (a TERM trap exiting 0 included). */
  readonly timedOut: boolean;
  readonly aborted: boolean;
  readonly durationMs: number;
  /** The effective deadline, in milliseconds. */
  readonly timeoutMs: number;
  readonly truncated: { readonly stdout: boolean; readonly stderr: boolean };
  /** Raw byte counts before decoding or truncation. */
  readonly totalBytes: { readonly stdout: number; readonly stderr: number };
  /** Per truncated stream: the complete copy's path, or null when it is unavailable. */
  readonly spill: { readonly stdout?: string | null; readonly stderr?: string | null };
  /** Present (true) when a stream was replaced by the binary placeholder. */
  readonly binaryWithheld?: true;
  /** Present when processes outlived the shell. */
  readonly backgroundChildren?: BackgroundChildren;
  /** Present when a kill (timeout, abort) could not end everything: these pids still run. */
  readonly survivors?: readonly number[];
  /**
   * Present (true) when the output stayed open after everything found of the tree had ended: a
   * process outside the tree holds it and was not seen to die (it may still be running).
   */
  readonly outputHeldOpen?: true;
  /** The sandbox's note: what it denied (and what to do instead), or that `auto` could not sandbox. */
  readonly sandbox?: string;
  /**
   * `session: persistent` only, when the session changed: the previous shell had ended and this
   * command ran in a new one, or this command ended the shell. One or more sentences.
   */
  readonly session?: string;
}
