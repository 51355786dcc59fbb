import type { Executor } from "../execution/executor/executor.js";
import type { OutputListener } from "../execution/run/run-options.js";
import { toSpecResult } from "../execution/run/run-result.js";
import type { TaskSnapshot } from "../reports/task-types.js";
import type { Verdict } from "../safety/verdict.js";
import { renderRunText } from "../text/results/render-result.js";
import { renderKill, renderTaskRead, renderTaskStarted } from "../text/results/render-task.js";

/**
 * The tools' view of the executor seam: each call in the model's terms, text with the dsh markers
 * plus the structured result. Any `Executor` (the local one, or a host's container or remote one)
 * fits behind it, so what the model sees never depends on where commands run.
 */
export interface ExecutionRunRequest {
  readonly command: string;
  /** Absolute. */
  readonly workdir: string;
  /** Undefined: the configured default applies. */
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
  readonly onOutput?: OutputListener;
  /** Opaque owner token; `undefined` only for callers with no session. */
  readonly owner: string | undefined;
  /** The admission step's verdict, so the executor does not judge the command again. */
  readonly verdict?: Verdict;
}

export interface ExecutionOutcome {
  /** The model-facing text. */
  readonly text: string;
  readonly structured: Readonly<Record<string, unknown>>;
}

export interface ExecutionPort {
  readonly executor: Executor;
  run(request: ExecutionRunRequest): Promise<ExecutionOutcome>;
  start(
    request: Omit<ExecutionRunRequest, "timeoutMs" | "signal" | "onOutput">,
  ): Promise<ExecutionOutcome & { taskId: string }>;
  read(taskId: string, owner: string | undefined): Promise<ExecutionOutcome>;
  kill(taskId: string, owner: string | undefined): Promise<ExecutionOutcome>;
  close(): Promise<void>;
}

/** The structured form of what a task left that was not seen to die. */
function notSeenToDie(task: TaskSnapshot): Record<string, unknown> {
  return {
    ...(task.survivors ? { survivors: task.survivors } : {}),
    ...(task.outputHeldOpen ? { outputHeldOpen: true } : {}),
    ...(task.lost === undefined ? {} : { lost: task.lost }),
  };
}

export function executionPort(executor: Executor): ExecutionPort {
  // A remote target's spill files stay here: the text says so, since the tools cannot open them there.
  const place = executor.describe().spill === "host" ? { spillOnHost: true } : {};
  return {
    executor,
    async run(request) {
      const spec = executor.resolve({
        command: request.command,
        workdir: request.workdir,
        ...(request.timeoutMs !== undefined ? { timeoutMs: request.timeoutMs } : {}),
        ...(request.signal ? { signal: request.signal } : {}),
        ...(request.onOutput ? { onOutput: request.onOutput } : {}),
        ...(request.owner !== undefined ? { owner: request.owner } : {}),
        ...(request.verdict ? { verdict: request.verdict } : {}),
      });
      const result = await executor.run(spec);
      return {
        text: renderRunText(result, place),
        structured: { ...result, returncode: toSpecResult(result).returncode },
      };
    },
    async start(request) {
      const spec = executor.resolve({
        command: request.command,
        workdir: request.workdir,
        ...(request.owner !== undefined ? { owner: request.owner } : {}),
        ...(request.verdict ? { verdict: request.verdict } : {}),
      });
      const task = await executor.start(spec);
      return {
        taskId: task.id,
        text: renderTaskStarted(task),
        structured: { task_id: task.id, status: task.status },
      };
    },
    async read(taskId, owner) {
      const read = await executor.readOutput(taskId, owner);
      const { task } = read;
      return {
        text: renderTaskRead(read, place),
        structured: {
          task_id: task.id,
          status: task.status,
          exitCode: task.exitCode,
          signal: task.signal,
          // The output is the text's alone (see bashOutputResultSchema).
          characters: { stdout: read.stdout.length, stderr: read.stderr.length },
          lossy: read.lossy,
          lostBytes: read.lostBytes,
          ...(read.truncated ? { truncated: read.truncated } : {}),
          spill: read.spill,
          ...notSeenToDie(task),
        },
      };
    },
    async kill(taskId, owner) {
      const outcome = await executor.kill(taskId, owner);
      const { task } = outcome;
      return {
        text: renderKill(outcome),
        structured: {
          task_id: task.id,
          killed: outcome.killed,
          status: task.status,
          exitCode: task.exitCode,
          signal: task.signal,
          ...notSeenToDie(task),
        },
      };
    },
    close: () => executor.close(),
  };
}
