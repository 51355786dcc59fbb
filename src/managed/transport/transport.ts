import type { ShellKind } from "../../../platforms/index.js";
import type { ProcessJob } from "../../execution/containment/process-job.js";
import type { WslTarget } from "../../execution/terminate/wsl-tree-kill.js";
/** What a spawn plan must say for a managed start (the execution layer's `planSpawn` result). */
export interface ManagedSpawnPlan {
  readonly file: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Text the plan needs written to stdin first (e.g. a script for a wrapped shell). */
  readonly stdinText?: string;
  /** Directories put before PATH, and variables set only when absent (see SpawnPlan). */
  readonly pathPrepend?: string;
  readonly envDefaults?: Readonly<Record<string, string>>;
  /** The shell kind the plan was made for (decides how an exit status is read). */
  readonly shell?: ShellKind;
  /** Kind `none`: argv without a shell. */
  readonly delivery?: "argv" | "environment" | "direct";
  /** Resolve the program with PATHEXT and `.cmd` shims (the execution plan's flag, kind `none`). */
  readonly crossSpawn?: boolean;
}

export interface TransportExit {
  readonly code: number | null;
  readonly signal: string | number | null;
}

export type TransportStream = "stdout" | "stderr" | "terminal";

export interface TransportHandlers {
  onOutput(stream: TransportStream, bytes: Uint8Array): void;
}

/** A running child, pipes or terminal, seen the same way by the manager. */
export interface ManagedTransport {
  readonly pid: number;
  /** Windows: the Job Object holding the whole tree (see execution/containment). */
  readonly job?: ProcessJob;
  /** WSL: where the Linux side of the tree runs, ended from inside the distribution. */
  readonly wsl?: WslTarget;
  readonly pty: boolean;
  /** The terminal device (e.g. /dev/pts/3) whose mode decides EOF; pty only. */
  readonly terminalDevice?: string;
  /** Resolves once the exit was observed. */
  readonly exited: Promise<TransportExit>;
  /** Resolves once every output stream ended (a grandchild holding a pipe can delay it). */
  readonly drained: Promise<void>;
  /** Resolves once the text was handed to the OS. */
  write(text: string): Promise<void>;
  /** Ends input: a pipe half-close, or the terminal's EOF characters. */
  closeInput(eof?: string): Promise<void>;
  /** Drops input at once (after a write timed out): nothing queued may land later. */
  abortInput(): void;
  /** Stops reading output that will not drain in time. */
  abandonOutput(): void;
}
