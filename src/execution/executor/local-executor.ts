import type { ShellResolution } from "../../../platforms/index.js";
import { cleanOldSpills } from "../io/spill-directory.js";
import { prepareEnclosedRun } from "../run/enclose-run.js";
import { nativeWorkingDirectory } from "../run/prepare-run.js";
import { runCommand, spillDirectoryOf } from "../run/run-command.js";
import { RUN_DEFAULTS, type RunOptions } from "../run/run-options.js";
import { resolveTimeoutMs } from "../run/timeout.js";
import { TaskRegistry } from "../tasks/task-registry.js";
import type { TaskSnapshot } from "../tasks/task-types.js";
import type { ExecRequest, ExecSpec, Executor } from "./executor.js";

export const DEFAULT_BACKGROUND_MAX_OUTPUT_BYTES = 1_000_000;

export interface LocalExecutorOptions
  extends Omit<RunOptions, "workdir" | "timeout" | "timeoutMs" | "signal" | "envSet" | "verdict"> {
  readonly resolution: ShellResolution;
  /** Bytes kept in memory per stream per background task. Default 1,000,000. */
  readonly backgroundMaxOutputBytes?: number;
  /** Spill directories older than this are removed on start (0: never). Default 24. */
  readonly spillMaxAgeHours?: number;
  readonly onListenerError?: (error: unknown, task: TaskSnapshot) => void;
}

/** The local executor: commands run on this machine in the resolved shell. */
export function createLocalExecutor(options: LocalExecutorOptions): Executor {
  const baseCwd = options.cwd ?? process.cwd();
  const spillDirectory = spillDirectoryOf(options.spillDirectory);
  const maxAge = options.spillMaxAgeHours ?? 24;
  void cleanOldSpills(spillDirectory.baseDirectory, maxAge);
  const shared: RunOptions = { ...options, cwd: baseCwd, spillDirectory };
  const registry = new TaskRegistry({
    maxOutputBytes: options.backgroundMaxOutputBytes ?? DEFAULT_BACKGROUND_MAX_OUTPUT_BYTES,
    spillMaxBytes: options.spillMaxBytes ?? RUN_DEFAULTS.spillMaxBytes,
    spillDirectory,
    killGraceMs: options.killGraceMs ?? RUN_DEFAULTS.killGraceMs,
    killBackgroundChildren: options.killBackgroundChildren ?? RUN_DEFAULTS.killBackgroundChildren,
    platform: options.resolution.platform,
    ...(options.drainMs === undefined ? {} : { drainMs: options.drainMs }),
    ...(options.onListenerError ? { onListenerError: options.onListenerError } : {}),
  });

  const perCall = (spec: ExecSpec): RunOptions => ({
    ...shared,
    workdir: spec.workdir,
    timeoutMs: spec.timeoutMs,
    ...(spec.signal ? { signal: spec.signal } : {}),
    ...(spec.env ? { envSet: spec.env } : {}),
    ...(spec.verdict ? { verdict: spec.verdict } : {}),
  });

  return {
    resolution: options.resolution,
    resolve(request: ExecRequest): ExecSpec {
      const timeoutMs = resolveTimeoutMs({
        timeout: request.timeout,
        timeoutMs: request.timeoutMs,
        defaultSeconds: options.defaultTimeout,
      });
      return {
        command: request.command,
        workdir: nativeWorkingDirectory({
          resolution: options.resolution,
          cwd: baseCwd,
          workdir: request.workdir,
        }),
        timeoutMs,
        owner: request.owner,
        ...(request.signal ? { signal: request.signal } : {}),
        ...(request.env ? { env: request.env } : {}),
        ...(request.verdict ? { verdict: request.verdict } : {}),
      };
    },
    run(spec) {
      return runCommand(spec.command, perCall(spec));
    },
    async start(spec) {
      const prepared = await prepareEnclosedRun(spec.command, perCall(spec));
      try {
        return registry.start({
          command: spec.command,
          plan: prepared.plan,
          env: prepared.env,
          owner: spec.owner,
          workdir: prepared.cwd,
          ...(spec.signal ? { signal: spec.signal } : {}),
          sandbox: prepared,
        });
      } catch (error) {
        prepared.release();
        throw error;
      }
    },
    async readOutput(id, owner) {
      return registry.readOutput(id, owner);
    },
    kill(id, owner) {
      return registry.kill(id, owner);
    },
    async list(filter) {
      return registry.list(filter);
    },
    ownerOf(id) {
      return registry.ownerOf(id);
    },
    onTaskDone(listener) {
      return registry.onTaskDone(listener);
    },
    close() {
      return registry.close();
    },
  };
}
