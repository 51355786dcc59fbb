import { constants } from "node:os";
import type { RunResult } from "../../reports/run-result.js";

// The result shape lives with the other reports (src/reports), where src/text reads it too.
export type { BackgroundChildren, RunResult } from "../../reports/run-result.js";

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
