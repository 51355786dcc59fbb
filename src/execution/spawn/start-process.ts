import { type ChildProcess, type StdioOptions, spawn } from "node:child_process";
import crossSpawn from "cross-spawn";
import { containProcess } from "../containment/contain-process.js";
import type { ProcessJob } from "../containment/process-job.js";
import type { RunMarker } from "../environment/run-marker.js";
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
export type LaunchPlan = Pick<
  SpawnPlan,
  "file" | "args" | "cwd" | "env" | "stdinText" | "detached" | "windowsHide" | "crossSpawn"
>;

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
export function startProcess(plan: LaunchPlan, options: StartProcessOptions): ChildProcess {
  const stdio: StdioOptions = options.stdio ?? [
    plan.stdinText === undefined ? "ignore" : "pipe",
    "pipe",
    "pipe",
  ];
  const spawnOptions = {
    cwd: plan.cwd,
    env: mergePlanEnvironment(options.env, plan, options.marker),
    stdio,
    detached: plan.detached,
    windowsHide: plan.windowsHide,
  };
  const child = plan.crossSpawn
    ? crossSpawn(plan.file, [...plan.args], spawnOptions)
    : spawn(plan.file, [...plan.args], spawnOptions);
  // Windows: the tree goes into its own Job Object in this same tick, before the shell can start
  // anything (see contain-process.ts). A detached start is meant to outlive shellgate, and a
  // kill-on-close job would end it with the host, so it is left out.
  if (!plan.detached) {
    const containment = containProcess(child.pid);
    if (containment.kind === "job-object") jobs.set(child, containment.job);
  }
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

/**
 * Carries out a spawn plan on a real terminal (a POSIX pty, ConPTY on Windows). Throws when
 * node-pty cannot start the program.
 */
export function startTerminal(
  plan: Pick<LaunchPlan, "file" | "args" | "cwd" | "env">,
  pty: PtyModule,
  options: StartTerminalOptions,
): PtyProcess {
  const env = mergePlanEnvironment(options.env, plan, options.marker);
  env.TERM ??= "xterm-256color";
  return pty.spawn(plan.file, [...plan.args], {
    name: env.TERM,
    cols: options.columns,
    rows: options.rows,
    cwd: plan.cwd,
    env,
    encoding: null,
    ...(options.platform === "win32" ? { useConpty: true } : {}),
  });
}
