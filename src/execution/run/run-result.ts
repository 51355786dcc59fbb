import { constants } from "node:os";

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

/** The reference module's result shape. */
export interface SpecResult {
  readonly stdout: string;
  readonly stderr: string;
  /** The exit code; a signal death is `-N` (the reference's Python convention); unknown is -1. */
  readonly returncode: number;
}

/** Linux numbers, for a result from a foreign host whose signal this host does not know. */
const LINUX_SIGNAL_NUMBERS: Readonly<Record<string, number>> = {
  SIGHUP: 1,
  SIGINT: 2,
  SIGQUIT: 3,
  SIGABRT: 6,
  SIGKILL: 9,
  SIGSEGV: 11,
  SIGPIPE: 13,
  SIGALRM: 14,
  SIGTERM: 15,
};

export function signalNumber(signal: NodeJS.Signals): number {
  const local = (constants.signals as Readonly<Record<string, number | undefined>>)[signal];
  return local ?? LINUX_SIGNAL_NUMBERS[signal] ?? 0;
}

export function toSpecResult(result: RunResult): SpecResult {
  const returncode = result.exitCode ?? (result.signal ? -signalNumber(result.signal) : -1);
  return { stdout: result.stdout, stderr: result.stderr, returncode };
}

/** The exit code a CLI should end with: the command's, 124 on timeout, 128+N on a signal. */
export function cliExitCode(result: RunResult): number {
  if (result.timedOut) return 124;
  if (result.signal) return 128 + signalNumber(result.signal);
  return result.exitCode ?? 1;
}
