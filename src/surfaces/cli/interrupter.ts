/** What ends a CLI run from outside: a signal to shellgate, or its stdout closing (`| head -1`). */
export type InterruptSignal = "SIGINT" | "SIGTERM" | "SIGHUP" | "SIGPIPE";

export const INTERRUPT_SIGNALS: readonly InterruptSignal[] = ["SIGINT", "SIGTERM", "SIGHUP"];

/**
 * The one place a CLI command learns it must stop. A command that runs something calls `watch`
 * while it runs, so the tree is stopped and what was collected is printed instead of shellgate
 * dying silently and leaving the tree behind; outside a watch the default behaviour applies.
 */
export interface Interrupter {
  /** Calls `onInterrupt` for each interruption until the returned function is called. */
  watch(onInterrupt: (signal: InterruptSignal) => void): () => void;
  /** Whether stdout was closed by its reader; writing more is pointless. */
  readonly stdoutClosed: boolean;
}

/** The conventional exit code for a death by `signal`: 128 + its number (130, 143, 129, 141). */
export function interruptExitCode(signal: InterruptSignal): number {
  const numbers: Record<InterruptSignal, number> = { SIGHUP: 1, SIGINT: 2, SIGPIPE: 13, SIGTERM: 15 };
  return 128 + numbers[signal];
}
