import type { ShellResolution } from "../../../platforms/index.js";
import type { KillOutcome, TaskDoneListener, TaskRead, TaskSnapshot } from "../../reports/task-types.js";
import type { Verdict } from "../../safety/verdict.js";
import type { Launcher } from "../launch/launcher.js";
import type { OutputListener } from "../run/run-options.js";
import type { RunResult } from "../run/run-result.js";
import type { DetachedStart } from "../run/start-detached.js";
import type { ExecutorDescription } from "./executor-description.js";

/** What a caller asks for (the model's inputs, already validated by the tool schema). */
export interface ExecRequest {
  readonly command: string;
  /** Absolute, or relative to the executor's working directory. */
  readonly workdir?: string;
  /** Seconds (reference shape). */
  readonly timeout?: number;
  /** Milliseconds (dsh shape); with `timeout` too, the earlier deadline wins. */
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
  /** Sees a foreground run's output as it arrives; `start` ignores it. */
  readonly onOutput?: OutputListener;
  /** Opaque owner (agent/session id) recorded on background tasks. */
  readonly owner?: string;
  /** Extra variables for this command: never scrubbed, beat the defaults. */
  readonly env?: Readonly<Record<string, string>>;
  /** The admission step's verdict: the command was judged already and is not judged again. */
  readonly verdict?: Verdict;
}

/** A request with every default applied: what `run` and `start` receive. */
export interface ExecSpec {
  readonly command: string;
  /** Absolute native path. */
  readonly workdir: string;
  /** The effective deadline; `start` ignores it (background tasks have none). */
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
  readonly onOutput?: OutputListener;
  /** Required but possibly undefined, so a forgotten owner is visible rather than missing. */
  readonly owner: string | undefined;
  readonly env?: Readonly<Record<string, string>>;
  /** The admission step's verdict: the command was judged already and is not judged again. */
  readonly verdict?: Verdict;
}

/** What an executor in `session: persistent` mode tells its callers about an owner's shell. */
export interface ExecutorSessions {
  /**
   * The directory (the shell's spelling) and exported environment the owner's next foreground
   * command starts in; undefined when the owner has no live shell (the next one starts fresh, in
   * the executor's directory with its environment).
   */
  state(
    owner: string | undefined,
  ): { readonly cwd: string; readonly env: Readonly<Record<string, string>> } | undefined;
}

/**
 * The executor seam: everything process-related behind one interface, so a sandboxed or remote
 * implementation can replace the local one without changing what the model sees. `run` rejects only
 * on infrastructure failure (`ExecutionError`); non-zero exits, timeouts and aborts resolve.
 */
export interface Executor {
  /** The shell commands run in (the same as `describe().resolution`). */
  readonly resolution: ShellResolution;
  /**
   * Present when foreground commands run in a resident shell per owner (`session: persistent`):
   * callers judge each command with the owner's current directory and environment.
   */
  readonly sessions?: ExecutorSessions;
  /**
   * Where this executor's programs start (this machine, a container exec, an SSH channel), offered
   * so the managed processes (`process_*`) start there too. `createShellgate` with a host's executor
   * and `managed_processes: true` refuses to start when it is absent, rather than run them here.
   */
  readonly launcher?: Launcher;
  /** Where commands run: the target's shell, platform, home, user and isolation (see ExecutorDescription). */
  describe(): ExecutorDescription;
  /** Applies defaults and validates (timeout range, with the milliseconds hint). Throws `ExecutionError`. */
  resolve(request: ExecRequest): ExecSpec;
  run(spec: ExecSpec): Promise<RunResult>;
  /** Starts a background task and returns at once; no timeout applies. */
  start(spec: ExecSpec): Promise<TaskSnapshot>;
  /**
   * Starts a command that outlives this instance in a remote target (`shellgate run --background`),
   * its log and exit status in files there; present on the built-in remote executors. Nothing of it
   * runs on this machine, and `close()` does not end it. Throws `ExecutionError`.
   */
  startDetached?(spec: ExecSpec): Promise<DetachedStart>;
  /** Output since the previous read. Throws `TaskAccessError` (unknown id, another owner). */
  readOutput(id: string, owner: string | undefined): Promise<TaskRead>;
  /** Kills the task's tree; an already finished task is a reported no-op. Throws `TaskAccessError`. */
  kill(id: string, owner: string | undefined): Promise<KillOutcome>;
  /** Tasks visible to `owner` (its own and unowned ones); all tasks when called without arguments. */
  list(filter?: { readonly owner: string | undefined }): Promise<TaskSnapshot[]>;
  /** The owner recorded for a task. Throws `TaskAccessError` for an unknown id. */
  ownerOf(id: string): string | undefined;
  /** Fires exactly once per finished task (never after `close`); returns the remover. */
  onTaskDone(listener: TaskDoneListener): () => void;
  /** Kills every running task and waits for each tree to exit. */
  close(): Promise<void>;
}
