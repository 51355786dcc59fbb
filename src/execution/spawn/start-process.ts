import { type ChildProcess, type StdioOptions, spawn } from "node:child_process";
import { type Containment, startContained } from "../containment/contain-process.js";
import type { ProcessJob } from "../containment/process-job.js";
import type { RunMarker } from "../environment/run-marker.js";
import { type CrossSpawnDecision, decideCrossSpawn, hookCrossSpawnErrors } from "./cross-spawn-steps.js";
import { mergePlanEnvironment } from "./plan-spawn.js";
import type { SpawnPlan } from "./spawn-plan.js";

export interface StartProcessOptions {
  /** The command's environment before the plan's own variables are added. */
  readonly env: Readonly<Record<string, string>>;
  /** Default: stdin closed (`ignore` = /dev/null), stdout and stderr piped. */
  readonly stdio?: StdioOptions;
  /** The run marker every process of the run inherits (the one marker scheme, set here). */
  readonly marker?: RunMarker;
}

/** What carrying out a plan needs; a managed start's plan has no delivery of its own to report. */
export type StartablePlan = Pick<
  SpawnPlan,
  "file" | "args" | "cwd" | "env" | "stdinText" | "detached" | "windowsHide" | "crossSpawn"
>;

/** Whether a full spawn plan (passed where a startable one is asked for) adds PATH entries or defaults. */
function hasRuntimeVariables(plan: StartablePlan): boolean {
  const full = plan as Partial<Pick<SpawnPlan, "pathPrepend" | "envDefaults">>;
  return full.pathPrepend !== undefined || full.envDefaults !== undefined;
}

const jobs = new WeakMap<ChildProcess, ProcessJob>();

/** The Job Object `startProcess` put this child's tree in (Windows); undefined elsewhere. */
export function jobOf(child: ChildProcess): ProcessJob | undefined {
  return jobs.get(child);
}

/**
 * Carries out a spawn plan: the one place a child process is started over pipes (foreground
 * runs, background tasks and managed pipes alike; `startTerminal` below is the same for ptys). Errors (ENOENT, EACCES) arrive as the child's
 * `error` event.
 */
export function startProcess(plan: StartablePlan, options: StartProcessOptions): ChildProcess {
  const stdio: StdioOptions = options.stdio ?? [
    plan.stdinText === undefined ? "ignore" : "pipe",
    "pipe",
    "pipe",
  ];
  const spawnOptions = {
    cwd: plan.cwd,
    // A prepared plan's environment is already complete (given as `options.env`, the plan without
    // one): spawn reads it as it is, with no copy per start.
    env:
      plan.env === undefined && !hasRuntimeVariables(plan) && options.marker === undefined
        ? options.env
        : mergePlanEnvironment(options.env, plan, options.marker),
    stdio,
    detached: plan.detached,
    windowsHide: plan.windowsHide,
  };
  // cross-spawn's own two steps (decide the command line, hook its ENOENT fix-up), so the launcher
  // can go in front of what cross-spawn decided.
  const target: CrossSpawnDecision = plan.crossSpawn
    ? decideCrossSpawn(plan.file, plan.args, spawnOptions)
    : { command: plan.file, args: [...plan.args], options: spawnOptions };
  // Windows: the tree gets its own Job Object, joined by the launcher before the program starts
  // (see containment/contain-process.ts). A detached start is meant to outlive shellgate.
  const start = startContained(
    { file: target.command, args: target.args, verbatim: target.options.windowsVerbatimArguments === true },
    { detached: plan.detached },
  );
  let child: ChildProcess;
  try {
    child = start.launcher
      ? spawn(start.launcher.file, [...start.launcher.args], {
          ...target.options,
          windowsVerbatimArguments: start.launcher.windowsVerbatimArguments,
          ...(start.launcher.argv0 === undefined ? {} : { argv0: start.launcher.argv0 }),
        })
      : spawn(target.command, target.args, target.options);
  } catch (error) {
    start.contain(undefined); // releases a job made for this start
    throw error;
  }
  if (plan.crossSpawn) hookCrossSpawnErrors(child, target);
  const containment = start.contain(child.pid);
  if (containment.kind === "job-object") jobs.set(child, containment.job);
  if (plan.stdinText !== undefined && child.stdin) {
    child.stdin.on("error", () => {
      // the command may exit without reading its input; that is not an error of ours
    });
    child.stdin.end(plan.stdinText);
  }
  return child;
}

/** The part of node-pty shellgate uses; typed here so the optional package is never a type dependency. */
export interface PtyProcess {
  readonly pid: number;
  readonly ptsName?: string;
  onData(listener: (data: string | Uint8Array) => void): { dispose(): void };
  onExit(listener: (event: { exitCode: number; signal?: number }) => void): { dispose(): void };
  write(data: string): void;
  resize(columns: number, rows: number): void;
  kill(signal?: string): void;
}

export interface PtyModule {
  spawn(
    file: string,
    args: string[],
    options: {
      name?: string;
      cols?: number;
      rows?: number;
      cwd?: string;
      env?: Record<string, string | undefined>;
      encoding?: string | null;
      useConpty?: boolean;
    },
  ): PtyProcess;
}

export interface StartTerminalOptions extends Omit<StartProcessOptions, "stdio"> {
  readonly columns: number;
  readonly rows: number;
  readonly platform: NodeJS.Platform;
}

/** A process started on a terminal, and the Job Object holding its tree (Windows). */
export interface StartedTerminal {
  readonly terminal: PtyProcess;
  readonly containment: Containment;
}

/**
 * Carries out a spawn plan on a real terminal (a POSIX pty, ConPTY on Windows). Throws when
 * node-pty cannot start the program. On Windows the launcher runs in the ConPTY and starts the
 * program inside the tree's Job Object, as for pipes (node-pty quotes the arguments as libuv does).
 */
export function startTerminal(
  plan: Pick<StartablePlan, "file" | "args" | "cwd" | "env">,
  pty: PtyModule,
  options: StartTerminalOptions,
): StartedTerminal {
  const env = mergePlanEnvironment(options.env, plan, options.marker);
  env.TERM ??= "xterm-256color";
  const start = startContained(
    { file: plan.file, args: plan.args, verbatim: false },
    { platform: options.platform },
  );
  let terminal: PtyProcess;
  try {
    terminal = pty.spawn(
      start.launcher ? start.launcher.file : plan.file,
      start.launcher ? [...start.launcher.args] : [...plan.args],
      {
        name: env.TERM,
        cols: options.columns,
        rows: options.rows,
        cwd: plan.cwd,
        env,
        encoding: null,
        ...(options.platform === "win32" ? { useConpty: true } : {}),
      },
    );
  } catch (error) {
    start.contain(undefined); // releases a job made for this start
    throw error;
  }
  return { terminal, containment: start.contain(terminal.pid) };
}
