import type { FrameRequest, RunningFrame, ShellState } from "./resident-shell.js";

/**
 * A resident shell as the session pool lends it and `runInSession` runs commands in it: the local
 * `ResidentShell` (its own pipes on this machine) and the `LaunchedResidentShell` (any launcher's
 * two streams, a remote target's included) both are one.
 */
export interface SessionShell {
  /** True until the shell exited (or was ended). */
  readonly alive: boolean;
  /** True while a command runs. */
  readonly busy: boolean;
  /** The directory and exported environment after the last command: what the gate judges in. */
  readonly state: ShellState;
  /** Runs one command; one at a time (the pool queues). */
  run(request: FrameRequest): RunningFrame;
  /** What the enclosure says after a command's output; empty when it has nothing to say. */
  annotate(output: string): string;
  /** Ends the session: the running command, its background jobs and the shell. */
  close(): Promise<void>;
}
