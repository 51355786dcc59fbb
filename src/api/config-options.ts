import type { ShellResolution } from "../../platforms/index.js";
import type { ShellgateConfig } from "../config/schema.js";
import {
  type ConcurrencyCounter,
  createConcurrencyCounter,
} from "../execution/concurrency/concurrency-counter.js";
import type { Executor } from "../execution/executor/executor.js";
import { createLocalExecutor, type LocalExecutorOptions } from "../execution/executor/local-executor.js";
import type { StartCheck } from "../execution/prepare/judge-start.js";
import type { RunOptions } from "../execution/run/run-options.js";
import type { SessionSettings } from "../execution/session/session-mode.js";
import { decideStdinPolicy } from "../managed/lifecycle/stdin-policy.js";
import type { ManagedSettings } from "../managed/process-manager-options.js";
import { type SafetyGateOptions, strictListWarnings } from "../safety/options.js";

// The config adapters, in the one wiring place: the gate, the runner, the executor, the process
// manager and the sandbox take plain options, and only this folder reads config keys.

export { type SandboxConfigContext, sandboxOptionsFromConfig } from "./sandbox-options.js";

/** The run options a config implies (everything but the resolution and per-call inputs). */
export function runOptionsFromConfig(config: ShellgateConfig): Omit<RunOptions, "resolution"> {
  return {
    ...(config.working_dir === undefined ? {} : { cwd: config.working_dir }),
    defaultTimeout: config.timeout,
    maxOutputBytes: config.max_output_bytes,
    spillMaxBytes: config.spill_max_bytes,
    ...(config.spill_dir === undefined ? {} : { spillDirectory: config.spill_dir }),
    killBackgroundChildren: config.kill_background_children,
    killGraceMs: config.kill_grace_ms,
    envScrub: config.env_scrub,
    envAllow: [...config.env_keep, ...config.env_allow],
    envDeny: config.env_deny,
    ...(config.max_concurrent === undefined
      ? {}
      : { concurrency: createConcurrencyCounter(config.max_concurrent) }),
  };
}

/** The background, spill and session limits a config implies, as every executor takes them. */
export function executorLimitsFromConfig(
  config: ShellgateConfig,
): Pick<
  LocalExecutorOptions,
  | "backgroundMaxOutputBytes"
  | "backgroundReadMaxBytes"
  | "maxBackgroundTasks"
  | "spillTotalMaxBytes"
  | "spillMaxAgeHours"
  | "session"
> {
  return {
    backgroundMaxOutputBytes: config.background_max_output_bytes,
    backgroundReadMaxBytes: config.background_read_max_bytes,
    maxBackgroundTasks: config.max_background_tasks,
    spillTotalMaxBytes: config.spill_total_max_bytes,
    spillMaxAgeHours: config.spill_max_age_hours,
    session: sessionSettingsFromConfig(config),
  };
}

/** An executor's `onListenerError` that says which task's listener failed in the instance's log. */
export function listenerErrorToLog(
  log: ((line: string) => void) | undefined,
): NonNullable<LocalExecutorOptions["onListenerError"]> {
  return (error, task) =>
    log?.(
      `a task-done listener failed for ${task.id}: ${error instanceof Error ? error.message : String(error)}`,
    );
}

/** The session settings a config implies (`session`, `max_sessions`, `session_idle_ms`). */
export function sessionSettingsFromConfig(config: ShellgateConfig): SessionSettings {
  return { mode: config.session, maxSessions: config.max_sessions, idleMs: config.session_idle_ms };
}

/** Maps the shared config file's keys onto gate options. */
export function safetyGateOptionsFromConfig(config: ShellgateConfig): SafetyGateOptions {
  return {
    profile: config.safety_profile,
    allowedCommands: config.allowed_commands,
    deniedCommands: config.denied_commands,
    overrides: { allow: config.safety_overrides?.allow ?? [], block: config.safety_overrides?.block ?? [] },
  };
}

/** What a loaded config asks for that will not happen (allow lists under strict), one sentence each. */
export function configWarnings(config: ShellgateConfig): string[] {
  const options = safetyGateOptionsFromConfig(config);
  return strictListWarnings(options, options.profile ?? "strict");
}

export interface ExecutorFromConfigInput {
  readonly resolution: ShellResolution;
  /** The safety gate, asked with each command's context (`createSafetyGate(...).check` fits). */
  readonly check?: StartCheck;
  /** Shared with managed processes so `max_concurrent` is one number. Default: from the config. */
  readonly concurrency?: ConcurrencyCounter;
  /** Overrides `working_dir`. */
  readonly cwd?: string;
}

/** A local executor configured from a parsed shellgate config. */
export function createLocalExecutorFromConfig(
  config: ShellgateConfig,
  input: ExecutorFromConfigInput,
): Executor {
  return createLocalExecutor({
    ...runOptionsFromConfig(config),
    resolution: input.resolution,
    ...executorLimitsFromConfig(config),
    ...(input.check ? { check: input.check } : {}),
    ...(input.concurrency ? { concurrency: input.concurrency } : {}),
    ...(input.cwd === undefined ? {} : { cwd: input.cwd }),
  });
}

/** The process manager's settings a config implies. */
export function managedSettingsFromConfig(config: ShellgateConfig): ManagedSettings {
  return {
    defaultTimeoutSeconds: config.timeout,
    maxProcesses: config.managed_max_processes,
    maxOutputBytes: config.managed_max_output_bytes,
    killGraceMs: config.kill_grace_ms,
    ptyAllowed: config.managed_pty,
    stdin: decideStdinPolicy({
      managedStdin: config.managed_stdin,
      safetyProfile: config.safety_profile,
      allowedCommands: config.allowed_commands,
      deniedCommands: config.denied_commands,
      safetyOverrides: config.safety_overrides,
    }),
    environment: {
      scrub: config.env_scrub,
      allow: [...config.env_keep, ...config.env_allow],
      deny: config.env_deny,
    },
    ...(config.max_concurrent === undefined ? {} : { maxConcurrent: config.max_concurrent }),
    windowsShell: config.windows_shell,
    ...(config.bash_path === undefined ? {} : { bashPath: config.bash_path }),
    ...(config.spill_dir === undefined ? {} : { spillDirectory: config.spill_dir }),
  };
}
