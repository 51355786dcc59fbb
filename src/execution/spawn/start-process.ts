import { type ChildProcess, type StdioOptions, spawn } from "node:child_process";
import crossSpawn from "cross-spawn";
import { containProcess } from "../containment/contain-process.js";
import type { ProcessJob } from "../containment/process-job.js";
import { mergePlanEnvironment } from "./plan-spawn.js";
import type { SpawnPlan } from "./spawn-plan.js";

export interface StartProcessOptions {
  /** The command's environment before the plan's own variables are added. */
  readonly env: Readonly<Record<string, string>>;
  /** Default: stdin closed (`ignore` = /dev/null), stdout and stderr piped. */
  readonly stdio?: StdioOptions;
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
 * runs, background tasks and managed pipes alike). Errors (ENOENT, EACCES) arrive as the child's
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
    env: mergePlanEnvironment(options.env, plan),
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
