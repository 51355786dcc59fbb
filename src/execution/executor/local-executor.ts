import os from "node:os";
import { currentDirectory, type ShellResolution } from "../../../platforms/index.js";
import type { TaskSnapshot } from "../../reports/task-types.js";
import { createInstanceMarker } from "../environment/run-marker.js";
import { cleanOldSpills, SpillDirectory } from "../io/spill-directory.js";
import type { Launcher } from "../launch/launcher.js";
import { createLocalLauncher } from "../launch/local-launcher.js";
import { shellPathOf } from "../prepare/command-script.js";
import { nativeWorkingDirectory } from "../prepare/native-working-directory.js";
import { prepareStart } from "../prepare/prepare-start.js";
import { runCommand } from "../run/run-command.js";
import { RUN_DEFAULTS, type RunOptions } from "../run/run-options.js";
import { resolveTimeoutMs } from "../run/timeout.js";
import type { ShellControl } from "../session/launched-resident-shell.js";
import { openLaunchedSession } from "../session/open-launched-session.js";
import { openSessionShell } from "../session/open-session-shell.js";
import { runInSession } from "../session/run-in-session.js";
import {
  persistentSessionRefusal,
  type SessionSettings,
  SessionUnavailableError,
} from "../session/session-mode.js";
import { SessionPool } from "../session/session-pool.js";
import { windowsSessionControl } from "../session/windows-session-control.js";
import { TaskRegistry } from "../tasks/task-registry.js";
import { terminateMarked } from "../terminate/terminate-marked.js";
import type { ExecRequest, ExecSpec, Executor } from "./executor.js";
import type { ExecutorDescription } from "./executor-description.js";

export const DEFAULT_BACKGROUND_MAX_OUTPUT_BYTES = 1_000_000;
export const DEFAULT_SPILL_TOTAL_MAX_BYTES = 512 * 1024 * 1024;

export interface LocalExecutorOptions
  extends Omit<
    RunOptions,
    "workdir" | "timeout" | "timeoutMs" | "signal" | "onOutput" | "envSet" | "verdict"
  > {
  readonly resolution: ShellResolution;
  /** Bytes kept in memory per stream per background task. Default 1,000,000. */
  readonly backgroundMaxOutputBytes?: number;
  /** Bytes one `bash_output` read shows per stream (head and tail beyond). Default 100,000. */
  readonly backgroundReadMaxBytes?: number;
  /** Running background tasks allowed at once (`max_background_tasks`). Default 16. */
  readonly maxBackgroundTasks?: number;
  /** Bytes all spill files of this instance may hold together (`spill_total_max_bytes`). Default 512 MiB. */
  readonly spillTotalMaxBytes?: number;
  /** Spill directories older than this are removed on start (0: never). Default 24. */
  readonly spillMaxAgeHours?: number;
  readonly onListenerError?: (error: unknown, task: TaskSnapshot) => void;
  /**
   * `session: persistent`: foreground commands run in a resident bash per owner (issue 21).
   * Default fresh: a new shell per call. Background tasks start fresh either way.
   */
  readonly session?: SessionSettings;
  /** Commands run in a remote target instead of on this machine (see `remote/remote-executor.ts`). */
  readonly target?: ExecutorTarget;
}

/** A remote target as the executor runs commands in it. */
export interface ExecutorTarget {
  /** What `describe()` answers: the target's shell, directory, home, user and isolation. */
  readonly description: ExecutorDescription;
  readonly launcher: Launcher;
  /** Ends what still carries the instance marker in the target (`close()` with kill_background_children). */
  endInstance(graceMs: number): Promise<unknown>;
  /** Lets go of the engine (and what shellgate created there). */
  close(): Promise<void>;
  /**
   * How a resident shell's command is ended in the target: with it, `session: persistent` keeps
   * one bash per owner there, started through `launcher`; without it, persistent is refused.
   */
  readonly sessionControl?: ShellControl;
}

/** This machine as the local executor's target: the home and user its commands see. */
function describeLocal(options: LocalExecutorOptions, cwd: string): ExecutorDescription {
  const env = options.env ?? process.env;
  const windows = options.resolution.platform === "win32";
  const home = options.resolution.home ?? (windows ? env.USERPROFILE : env.HOME);
  const user = windows ? env.USERNAME : (env.USER ?? env.LOGNAME);
  return {
    location: "local",
    resolution: options.resolution,
    cwd,
    ...(home ? { home } : {}),
    ...(user ? { user } : {}),
    spill: "target",
  };
}

/** A Windows session's private directory for its command files, as its shell spells it. */
function commandDirectoryOf(spillDirectory: SpillDirectory, resolution: ShellResolution): string | undefined {
  const native = spillDirectory.path();
  return native === null ? undefined : shellPathOf(native, resolution);
}

/** The local executor: commands run on this machine in the resolved shell. */
export function createLocalExecutor(options: LocalExecutorOptions): Executor {
  const baseCwd = options.cwd ?? currentDirectory();
  // Its own directory (unless handed one), so the byte budget and close()'s cleanup are per instance.
  const ownsSpillDirectory = typeof options.spillDirectory !== "object";
  const spillDirectory =
    typeof options.spillDirectory === "object"
      ? options.spillDirectory
      : new SpillDirectory(
          options.spillDirectory ?? os.tmpdir(),
          options.spillTotalMaxBytes ?? DEFAULT_SPILL_TOTAL_MAX_BYTES,
        );
  const maxAge = options.spillMaxAgeHours ?? 24;
  void cleanOldSpills(spillDirectory.baseDirectory, maxAge);
  const instanceMarker = createInstanceMarker();
  const { target } = options;
  // One launcher under foreground runs and background tasks alike: the target's, a host's, or
  // (absent) this machine's.
  const launcher = target?.launcher ?? options.launcher;
  const shared: RunOptions = {
    ...options,
    cwd: baseCwd,
    spillDirectory,
    instanceMarker,
    ...(launcher ? { launcher } : {}),
  };
  const registry = new TaskRegistry({
    maxOutputBytes: options.backgroundMaxOutputBytes ?? DEFAULT_BACKGROUND_MAX_OUTPUT_BYTES,
    ...(options.maxBackgroundTasks === undefined ? {} : { maxTasks: options.maxBackgroundTasks }),
    ...(options.backgroundReadMaxBytes === undefined ? {} : { readMaxBytes: options.backgroundReadMaxBytes }),
    spillMaxBytes: options.spillMaxBytes ?? RUN_DEFAULTS.spillMaxBytes,
    spillDirectory,
    killGraceMs: options.killGraceMs ?? RUN_DEFAULTS.killGraceMs,
    killBackgroundChildren: options.killBackgroundChildren ?? RUN_DEFAULTS.killBackgroundChildren,
    platform: options.resolution.platform,
    ...(options.drainMs === undefined ? {} : { drainMs: options.drainMs }),
    ...(options.onListenerError ? { onListenerError: options.onListenerError } : {}),
    ...(launcher ? { launcher } : {}),
  });

  const perCall = (spec: ExecSpec): RunOptions => ({
    ...shared,
    workdir: spec.workdir,
    timeoutMs: spec.timeoutMs,
    ...(spec.signal ? { signal: spec.signal } : {}),
    ...(spec.onOutput ? { onOutput: spec.onOutput } : {}),
    ...(spec.env ? { envSet: spec.env } : {}),
    ...(spec.verdict ? { verdict: spec.verdict } : {}),
  });

  const description = target?.description ?? describeLocal(options, baseCwd);
  const killGraceMs = options.killGraceMs ?? RUN_DEFAULTS.killGraceMs;
  const persistent = options.session?.mode === "persistent" ? options.session : undefined;
  if (persistent) {
    // Refused rather than run fresh: without bash there is no resident shell to keep. With the OS
    // sandbox on, the resident bash starts inside it (see open-session-shell.ts).
    const refusal = persistentSessionRefusal({
      resolution: options.resolution,
      executor: target ? (target.sessionControl ? target.description.location : "host") : "local",
    });
    if (refusal) throw new SessionUnavailableError(refusal);
  }
  const sessionControl = target?.sessionControl;
  const killBackgroundChildren = options.killBackgroundChildren ?? RUN_DEFAULTS.killBackgroundChildren;
  const sessionPool = persistent
    ? new SessionPool({
        maxSessions: persistent.maxSessions,
        idleMs: persistent.idleMs,
        startDirectory: baseCwd,
        // A target's bash is started through its launcher, as every command there is; so is a
        // Windows bash, which has only its two streams to frame commands on.
        open: () =>
          target && sessionControl
            ? openLaunchedSession({
                ...shared,
                launcher: target.launcher,
                control: sessionControl,
                graceMs: killGraceMs,
                killBackgroundChildren,
              })
            : options.resolution.platform === "win32"
              ? openLaunchedSession({
                  ...shared,
                  launcher: launcher ?? createLocalLauncher({ platform: "win32" }),
                  control: windowsSessionControl(
                    options.resolution,
                    commandDirectoryOf(spillDirectory, options.resolution),
                  ),
                  graceMs: killGraceMs,
                  killBackgroundChildren,
                })
              : openSessionShell({ ...shared, graceMs: killGraceMs, killBackgroundChildren }),
      })
    : undefined;

  return {
    resolution: options.resolution,
    // What its runs start through (absent: this machine's), so managed processes start there too.
    launcher: launcher ?? createLocalLauncher({ platform: options.resolution.platform }),
    ...(sessionPool
      ? {
          sessions: {
            state(owner) {
              const state = sessionPool.state(owner);
              if (!state) return undefined;
              // The shell's `/c/…` (Git Bash) or `/mnt/c/…` (WSL) as this machine names it.
              const cwd = nativeWorkingDirectory({
                resolution: options.resolution,
                cwd: baseCwd,
                workdir: state.cwd,
              });
              return { cwd, env: state.env };
            },
          },
        }
      : {}),
    describe: () => description,
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
        ...(request.onOutput ? { onOutput: request.onOutput } : {}),
        ...(request.env ? { env: request.env } : {}),
        ...(request.verdict ? { verdict: request.verdict } : {}),
      };
    },
    run(spec) {
      if (!sessionPool) return runCommand(spec.command, perCall(spec));
      return runInSession(sessionPool, spec.command, {
        resolution: options.resolution,
        owner: spec.owner,
        workdir: spec.workdir,
        timeoutMs: spec.timeoutMs,
        baseEnv: options.env ?? process.env,
        shellPath: (native) => shellPathOf(native, options.resolution),
        spillDirectory,
        ...(options.check ? { check: options.check } : {}),
        ...(options.concurrency ? { concurrency: options.concurrency } : {}),
        ...(options.maxOutputBytes === undefined ? {} : { maxOutputBytes: options.maxOutputBytes }),
        ...(options.spillMaxBytes === undefined ? {} : { spillMaxBytes: options.spillMaxBytes }),
        ...(spec.signal ? { signal: spec.signal } : {}),
        ...(spec.onOutput ? { onOutput: spec.onOutput } : {}),
        ...(spec.env ? { envSet: spec.env } : {}),
        ...(spec.verdict ? { verdict: spec.verdict } : {}),
      });
    },
    async start(spec) {
      // Before the plan: a long command's script file must not be written for a refused start.
      registry.assertRoom(spec.owner);
      const prepared = await prepareStart(spec.command, perCall(spec));
      try {
        return await registry.start({
          command: spec.command,
          plan: prepared.plan,
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
    async close() {
      await Promise.all([registry.close(), sessionPool?.close()]);
      // What escaped every tree (`setsid cmd >/dev/null 2>&1 &`) still carries the instance marker;
      // with kill_background_children off, leaving such processes running is what was asked for.
      const graceMs = options.killGraceMs ?? RUN_DEFAULTS.killGraceMs;
      const sweep = options.killBackgroundChildren ?? RUN_DEFAULTS.killBackgroundChildren;
      if (target) {
        // The target may be gone already: close() still returns, and the engine is let go.
        if (sweep) await target.endInstance(graceMs).catch(() => undefined);
        await target.close().catch(() => undefined);
      } else if (sweep) {
        await terminateMarked(instanceMarker, { graceMs, platform: options.resolution.platform });
      }
      if (ownsSpillDirectory) spillDirectory.removeUnnamed();
    },
  };
}
