export type TaskStatus = "running" | "completed" | "killed";

/** What is known about a background task at one moment (plain data). */
export interface TaskSnapshot {
  readonly id: string;
  readonly command: string;
  /** The opaque owner recorded at start; undefined: open to anyone. */
  readonly owner: string | undefined;
  readonly status: TaskStatus;
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
  /** True when bash_kill, an abort or close() ended it. */
  readonly killRequested: boolean;
  readonly pid: number | undefined;
  readonly startedAt: number;
  readonly endedAt?: number;
  readonly workdir: string;
  /** Pids that outlived the kill: a `killed` status never means these are gone. */
  readonly survivors?: readonly number[];
  /** The output stayed open after the tree ended: a process outside it was not seen to die. */
  readonly outputHeldOpen?: true;
  /**
   * The connection to the remote target broke while the task ran (this sentence): how it ended is
   * unknown, so the status is never read as an exit code.
   */
  readonly lost?: string;
}

/** One `bash_output` read: output since the previous read, and whether some was lost. */
export interface TaskRead {
  readonly task: TaskSnapshot;
  readonly stdout: string;
  readonly stderr: string;
  /** Bytes between the previous read and the oldest byte still in memory, per stream. */
  readonly lostBytes: { readonly stdout: number; readonly stderr: number };
  readonly lossy: boolean;
  /** Present when this read showed only head and tail of a stream (`background_read_max_bytes`). */
  readonly truncated?: { readonly stdout: boolean; readonly stderr: boolean };
  /** Complete copies, when a stream outgrew memory: a path, or null when unavailable. */
  readonly spill: { readonly stdout?: string | null; readonly stderr?: string | null };
  /** The sandbox's note for this read (a denial marker, or that `auto` could not sandbox). */
  readonly sandbox?: string;
}

export interface KillOutcome {
  /** False when the task had already finished (a reported no-op). */
  readonly killed: boolean;
  readonly task: TaskSnapshot;
}

export type TaskDoneListener = (task: TaskSnapshot) => void;
