import type { LaunchError, Launcher } from "../launch/launcher.js";
import type { TerminationReport } from "../terminate/terminate-tree.js";
import type { BackgroundChildren } from "./run-result.js";

// What a supervised start is and how it ends, shared by this machine's supervision (supervise-run)
// and a launcher's (supervise-launch) without either importing the other.

/** How long the pipes may keep delivering after the shell exited before they are cut. */
export const DEFAULT_DRAIN_MS = 250;

/**
 * Once everything found of the tree is gone, how long its pipes may take to close before an unseen
 * holder is reported. Only a run whose pipes stayed open waits for it.
 */
export const HELD_OPEN_WAIT_MS = 1000;

export interface SuperviseOptions {
  readonly onStdout: (chunk: Buffer) => void;
  readonly onStderr: (chunk: Buffer) => void;
  readonly killBackgroundChildren: boolean;
  readonly graceMs: number;
  readonly drainMs?: number;
  readonly platform?: NodeJS.Platform;
  /** Where the plan runs: this machine's launcher unless another is given (a remote target's, a test's). */
  readonly launcher?: Launcher;
}

/** How a supervised process ended. Never a rejection: a spawn failure is a value too. */
export interface ProcessEnd {
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly backgroundChildren?: BackgroundChildren;
  /** Set when the tree was terminated (timeout, abort, kill). */
  readonly termination?: TerminationReport;
  /**
   * True when the output pipes stayed open after everything found of the tree had ended: a process
   * that left the tree (`setsid` after dropping shellgate's markers) holds them and was not seen to die.
   */
  readonly outputHeldOpen?: true;
  /** The start failed (nothing runs): the launcher's refusal, its message the model-facing sentence. */
  readonly launchError?: LaunchError;
  /** The connection to a remote target broke while it ran: how it ended is unknown (this sentence). */
  readonly lost?: string;
}

export interface SupervisedProcess {
  /** The launched program's pid; undefined until `started` settled, and where the launcher has none. */
  readonly pid: number | undefined;
  /** Settles once the launch did (started or refused); never rejects. */
  readonly started: Promise<void>;
  /** Resolves when the shell exited and the pipes drained (bounded), and the tree is handled. */
  readonly finished: Promise<ProcessEnd>;
  /** Ends the whole tree; idempotent, resolves once it is gone. */
  terminate(): Promise<TerminationReport | undefined>;
  readonly terminating: boolean;
}
