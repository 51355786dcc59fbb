import type {
  KillOutcome,
  TaskDoneListener,
  TaskRead,
  TaskSnapshot,
  TaskStatus,
} from "../../reports/task-types.js";
import type { SpillDirectory } from "../io/spill-directory.js";
import type { Launcher, LaunchPlan } from "../launch/launcher.js";
import { ExecutionError } from "../run/execution-error.js";
import { type SupervisedProcess, superviseRun } from "../run/supervise-run.js";
import { boundRead, DEFAULT_BACKGROUND_READ_MAX_BYTES } from "./bounded-read.js";
import { assertTaskAccess, unknownTask } from "./task-access.js";
import { createTaskId } from "./task-id.js";
import { TaskStream } from "./task-stream.js";

export const DEFAULT_MAX_BACKGROUND_TASKS = 16;

/** The refusal of one start too many: the limit, the caller's running tasks, what to do. */
function backgroundLimitText(
  limit: number,
  visible: readonly { id: string; command: string }[],
  total: number,
): string {
  const shown = visible.map((task) => {
    const command = task.command.length > 60 ? `${task.command.slice(0, 59)}…` : task.command;
    return `${task.id} (${command})`;
  });
  const others = total - visible.length;
  const list = [...shown, ...(others > 0 ? [`${others} of another session`] : [])].join(", ");
  return `Background task limit of ${limit} reached (max_background_tasks); running: ${list}. Stop one with bash_kill or wait for one to finish, then start again.`;
}

export interface TaskRegistryOptions {
  /** Bytes kept in memory per stream per task (`background_max_output_bytes`). */
  readonly maxOutputBytes: number;
  /** Running tasks allowed at once (`max_background_tasks`); a start beyond it is refused. Default 16. */
  readonly maxTasks?: number;
  /** Bytes one read shows per stream (head and tail beyond it). Default 100,000. */
  readonly readMaxBytes?: number;
  readonly spillMaxBytes: number;
  readonly spillDirectory?: SpillDirectory;
  readonly killGraceMs: number;
  readonly killBackgroundChildren: boolean;
  readonly drainMs?: number;
  readonly platform?: NodeJS.Platform;
  /** Where tasks run when not on this machine (a remote target's launcher). */
  readonly launcher?: Launcher;
  /** Where a listener's error goes; it never reaches the task or the other listeners. */
  readonly onListenerError?: (error: unknown, task: TaskSnapshot) => void;
}

export interface StartTaskInput {
  readonly command: string;
  /** The prepared plan (`prepareStart`): its environment complete. */
  readonly plan: LaunchPlan;
  readonly owner: string | undefined;
  readonly workdir: string;
  readonly signal?: AbortSignal;
  /** The sandbox around the plan: what a read says about denials, and the release once it ended. */
  readonly sandbox?: TaskSandbox;
}

export interface TaskSandbox {
  trailer(output: string): string;
  release(): void;
}

interface TrackedTask {
  readonly sandbox?: TaskSandbox;
  /** The sandbox note last shown, so a read does not repeat it. */
  sandboxShown?: string;
  readonly id: string;
  readonly command: string;
  readonly owner: string | undefined;
  readonly workdir: string;
  readonly startedAt: number;
  readonly stdout: TaskStream;
  readonly stderr: TaskStream;
  readonly process: SupervisedProcess;
  readonly done: Promise<void>;
  status: TaskStatus;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  killRequested: boolean;
  endedAt?: number;
  survivors?: readonly number[];
  outputHeldOpen?: true;
  lost?: string;
}

function snapshot(task: TrackedTask): TaskSnapshot {
  return {
    id: task.id,
    command: task.command,
    owner: task.owner,
    status: task.status,
    exitCode: task.exitCode,
    signal: task.signal,
    killRequested: task.killRequested,
    pid: task.process.pid,
    startedAt: task.startedAt,
    workdir: task.workdir,
    ...(task.endedAt === undefined ? {} : { endedAt: task.endedAt }),
    ...(task.survivors && task.survivors.length > 0 ? { survivors: task.survivors } : {}),
    ...(task.outputHeldOpen ? { outputHeldOpen: true as const } : {}),
    ...(task.lost === undefined ? {} : { lost: task.lost }),
  };
}

/**
 * Background tasks (dsh contract): started at once with no timeout, read incrementally, killed as a
 * tree, fenced by owner, announced exactly once when done, all killed by `close()`.
 */
export class TaskRegistry {
  private readonly tasks = new Map<string, TrackedTask>();
  private readonly listeners = new Set<TaskDoneListener>();
  private closed = false;

  constructor(private readonly options: TaskRegistryOptions) {}

  /** Refuses, with the running tasks listed, when `max_background_tasks` are already running. */
  assertRoom(owner: string | undefined): void {
    const limit = this.options.maxTasks ?? DEFAULT_MAX_BACKGROUND_TASKS;
    const running = [...this.tasks.values()].filter((task) => task.status === "running");
    if (running.length < limit) return;
    const visible = running.filter((task) => task.owner === undefined || task.owner === owner);
    throw new ExecutionError("background-limit", backgroundLimitText(limit, visible, running.length));
  }

  /** Resolves once the program started (its pid known) or failed to (the reason in its stderr). */
  async start(input: StartTaskInput): Promise<TaskSnapshot> {
    if (this.closed) throw new Error("the executor is closed; no new background tasks can start");
    this.assertRoom(input.owner);
    const { options } = this;
    const readLimit = options.readMaxBytes ?? DEFAULT_BACKGROUND_READ_MAX_BYTES;
    const stdout = new TaskStream(
      "stdout",
      options.maxOutputBytes,
      options.spillDirectory,
      options.spillMaxBytes,
      readLimit,
    );
    const stderr = new TaskStream(
      "stderr",
      options.maxOutputBytes,
      options.spillDirectory,
      options.spillMaxBytes,
      readLimit,
    );
    const supervised = superviseRun(input.plan, {
      onStdout: (chunk) => stdout.push(chunk),
      onStderr: (chunk) => stderr.push(chunk),
      killBackgroundChildren: options.killBackgroundChildren,
      graceMs: options.killGraceMs,
      ...(options.drainMs === undefined ? {} : { drainMs: options.drainMs }),
      ...(options.platform === undefined ? {} : { platform: options.platform }),
      ...(options.launcher ? { launcher: options.launcher } : {}),
    });
    const id = createTaskId();
    const task: TrackedTask = {
      id,
      command: input.command,
      owner: input.owner,
      workdir: input.workdir,
      startedAt: Date.now(),
      stdout,
      stderr,
      ...(input.sandbox ? { sandbox: input.sandbox } : {}),
      process: supervised,
      status: "running",
      exitCode: null,
      signal: null,
      killRequested: false,
      done: supervised.finished.then((end) => {
        if (end.launchError) stderr.push(Buffer.from(`spawn failed: ${end.launchError.message}\n`));
        if (end.lost !== undefined) task.lost = end.lost;
        stdout.finish();
        stderr.finish();
        task.exitCode = end.exitCode;
        task.signal = end.signal;
        task.endedAt = Date.now();
        if (end.termination) task.survivors = end.termination.survivors;
        if (end.outputHeldOpen) task.outputHeldOpen = true;
        task.status = task.killRequested || end.launchError || end.signal ? "killed" : "completed";
        input.sandbox?.release();
        this.notify(snapshot(task));
      }),
    };
    this.tasks.set(id, task);
    if (input.signal) {
      const onAbort = (): void => {
        void this.killTask(task);
      };
      if (input.signal.aborted) onAbort();
      else input.signal.addEventListener("abort", onAbort, { once: true });
      void task.done.then(() => input.signal?.removeEventListener("abort", onAbort));
    }
    await supervised.started;
    return snapshot(task);
  }

  private notify(task: TaskSnapshot): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(task);
      } catch (error) {
        try {
          this.options.onListenerError?.(error, task);
        } catch {
          // an error handler that throws must not stop the other listeners either
        }
      }
    }
  }

  private find(id: string, owner: string | undefined): TrackedTask {
    const task = this.tasks.get(id);
    if (!task) throw unknownTask(id);
    assertTaskAccess(id, task.owner, owner);
    return task;
  }

  ownerOf(id: string): string | undefined {
    const task = this.tasks.get(id);
    if (!task) throw unknownTask(id);
    return task.owner;
  }

  get(id: string, owner: string | undefined): TaskSnapshot {
    return snapshot(this.find(id, owner));
  }

  /** Output since the previous read (never the same bytes twice) and the status. */
  readOutput(id: string, owner: string | undefined): TaskRead {
    const task = this.find(id, owner);
    const ended = task.status !== "running";
    const out = task.stdout.read(ended);
    const err = task.stderr.read(ended);
    const lossy = out.lostBytes > 0 || err.lostBytes > 0;
    const spillOut = task.stdout.spillPath;
    const spillErr = task.stderr.spillPath;
    this.options.spillDirectory?.markNamed(spillOut);
    this.options.spillDirectory?.markNamed(spillErr);
    const limit = this.options.readMaxBytes ?? DEFAULT_BACKGROUND_READ_MAX_BYTES;
    const shownOut = boundRead(out.bytes, "stdout", limit, spillOut);
    const shownErr = boundRead(err.bytes, "stderr", limit, spillErr);
    const stdout = shownOut.text;
    const stderr = shownErr.text;
    const note = task.sandbox?.trailer(`${stdout}\n${stderr}`);
    const sandbox = note && note !== task.sandboxShown ? note : undefined;
    if (sandbox) task.sandboxShown = sandbox;
    return {
      task: snapshot(task),
      stdout,
      stderr,
      ...(sandbox ? { sandbox } : {}),
      lostBytes: { stdout: out.lostBytes, stderr: err.lostBytes },
      lossy,
      ...(shownOut.truncated || shownErr.truncated
        ? { truncated: { stdout: shownOut.truncated, stderr: shownErr.truncated } }
        : {}),
      spill: {
        ...(spillOut === undefined ? {} : { stdout: spillOut }),
        ...(spillErr === undefined ? {} : { stderr: spillErr }),
      },
    };
  }

  private async killTask(task: TrackedTask): Promise<boolean> {
    if (task.status !== "running") return false;
    task.killRequested = true;
    await task.process.terminate();
    await task.done;
    return true;
  }

  /** Kills the task's tree and resolves once it is gone; a finished task is a reported no-op. */
  async kill(id: string, owner: string | undefined): Promise<KillOutcome> {
    const task = this.find(id, owner);
    const killed = await this.killTask(task);
    return { killed, task: snapshot(task) };
  }

  /** The tasks a caller may see: its own and the unowned ones; every task when no filter is given. */
  list(filter?: { readonly owner: string | undefined }): TaskSnapshot[] {
    const all = [...this.tasks.values()];
    const visible = filter
      ? all.filter((task) => task.owner === undefined || task.owner === filter.owner)
      : all;
    return visible.map(snapshot);
  }

  /** Registers a completion listener; returns the function that removes it. */
  onTaskDone(listener: TaskDoneListener): () => void {
    if (this.closed) return () => {};
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Silences listeners, kills every running task and waits until each tree is gone. */
  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    await Promise.all([...this.tasks.values()].map((task) => this.killTask(task)));
    await Promise.all([...this.tasks.values()].map((task) => task.done));
  }
}
