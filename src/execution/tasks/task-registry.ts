import { guardBinary } from "../io/binary-guard.js";
import type { SpillDirectory } from "../io/spill-directory.js";
import { spawnFailureMessage } from "../run/prepare-run.js";
import { type SupervisedProcess, superviseRun } from "../run/supervise-run.js";
import type { SpawnPlan } from "../spawn/spawn-plan.js";
import { assertTaskAccess, unknownTask } from "./task-access.js";
import { createTaskId } from "./task-id.js";
import { TaskStream } from "./task-stream.js";
import type { KillOutcome, TaskDoneListener, TaskRead, TaskSnapshot, TaskStatus } from "./task-types.js";

export interface TaskRegistryOptions {
  /** Bytes kept in memory per stream per task (`background_max_output_bytes`). */
  readonly maxOutputBytes: number;
  readonly spillMaxBytes: number;
  readonly spillDirectory?: SpillDirectory;
  readonly killGraceMs: number;
  readonly killBackgroundChildren: boolean;
  readonly drainMs?: number;
  readonly platform?: NodeJS.Platform;
  /** Where a listener's error goes; it never reaches the task or the other listeners. */
  readonly onListenerError?: (error: unknown, task: TaskSnapshot) => void;
}

export interface StartTaskInput {
  readonly command: string;
  readonly plan: SpawnPlan;
  readonly env: Readonly<Record<string, string>>;
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

  start(input: StartTaskInput): TaskSnapshot {
    if (this.closed) throw new Error("the executor is closed; no new background tasks can start");
    const { options } = this;
    const stdout = new TaskStream(
      "stdout",
      options.maxOutputBytes,
      options.spillDirectory,
      options.spillMaxBytes,
    );
    const stderr = new TaskStream(
      "stderr",
      options.maxOutputBytes,
      options.spillDirectory,
      options.spillMaxBytes,
    );
    const supervised = superviseRun(input.plan, {
      env: input.env,
      onStdout: (chunk) => stdout.push(chunk),
      onStderr: (chunk) => stderr.push(chunk),
      killBackgroundChildren: options.killBackgroundChildren,
      graceMs: options.killGraceMs,
      ...(options.drainMs === undefined ? {} : { drainMs: options.drainMs }),
      ...(options.platform === undefined ? {} : { platform: options.platform }),
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
        if (end.spawnError) {
          stderr.push(Buffer.from(`spawn failed: ${spawnFailureMessage(input.plan, end.spawnError)}\n`));
        }
        stdout.finish();
        stderr.finish();
        task.exitCode = end.exitCode;
        task.signal = end.signal;
        task.endedAt = Date.now();
        task.status = task.killRequested || end.spawnError || end.signal ? "killed" : "completed";
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
    const stdout = guardBinary(out.bytes, "stdout").text;
    const stderr = guardBinary(err.bytes, "stderr").text;
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
