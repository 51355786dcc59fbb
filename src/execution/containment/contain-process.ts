import { type ContainmentDecision, planContainedStart, planContainment } from "./containment-plan.js";
import { type JobApi, loadJobApi } from "./kernel32-jobs.js";
import { type LauncherSpawn, type LaunchTarget, launchable, launcherSpawn } from "./launch-plan.js";
import { findLauncher } from "./launcher-file.js";
import { ProcessJob } from "./process-job.js";

/** A started process and what holds its tree: its own Job Object, or nothing (with the reason). */
export type Containment =
  | { readonly kind: "job-object"; readonly job: ProcessJob }
  | { readonly kind: "none"; readonly reason: string };

let cachedApi: { readonly api: JobApi } | { readonly error: string } | undefined;
let launcherOverride: { readonly file: string | undefined } | undefined;

/** The kernel32 job API, loaded on first use and on Windows only: koffi never loads elsewhere. */
function jobApi(): { readonly api: JobApi } | { readonly error: string } {
  if (cachedApi) return cachedApi;
  try {
    cachedApi = { api: loadJobApi() };
  } catch (error) {
    cachedApi = { error: error instanceof Error ? error.message : String(error) };
  }
  return cachedApi;
}

/** Test seam: replaces the job API (or its absence) that `containProcess` uses. */
export function setJobApiForTesting(api: JobApi | { readonly error: string } | undefined): void {
  cachedApi = api === undefined ? undefined : "error" in api ? api : { api };
}

/** Test seam: replaces the launcher binary (undefined: none; reset with `reset: true`). */
export function setLauncherForTesting(file: string | undefined, reset = false): void {
  launcherOverride = reset ? undefined : { file };
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Puts a just-spawned process into a new kill-on-close Job Object. Call it synchronously right
 * after `spawn()` returns, before yielding to the event loop. `startContained` prefers the
 * launcher and uses this only where the launcher cannot run:
 *
 * - Race: Node cannot start a process suspended, so the assignment follows CreateProcess. A child
 *   the root creates before it is assigned is born outside the job. Every shell shellgate starts
 *   first spends milliseconds on its own start-up (the loader, msys-2.0.dll or cygwin1.dll
 *   initialisation, Git's bin\bash.exe redirector starting usr\bin\bash.exe), and everything it
 *   creates later is born inside; a native program that creates a child within its first instants
 *   can win the race, and that child is then not contained.
 * - PID reuse: the pid is opened while libuv still holds the child's handle (it is released only
 *   when the exit is reaped), so the pid cannot name another process yet; from then on the held
 *   process handle and the job handle are used, never the pid.
 */
export function containProcess(
  pid: number | undefined,
  platform: NodeJS.Platform = process.platform,
): Containment {
  const loaded = platform === "win32" && pid !== undefined ? jobApi() : undefined;
  const unavailable = loaded && "error" in loaded ? loaded.error : undefined;
  const decision: ContainmentDecision = planContainment({
    platform,
    pid,
    ...(unavailable === undefined ? {} : { unavailable }),
  });
  if (decision.kind === "none") return decision;
  const api = (loaded as { readonly api: JobApi }).api;
  const processHandle = api.openProcess(pid as number);
  if (!processHandle) return { kind: "none", reason: "the process ended before it could be contained" };
  let job: ReturnType<JobApi["createContainmentJob"]>;
  try {
    job = api.createContainmentJob();
  } catch (error) {
    api.close(processHandle);
    return { kind: "none", reason: message(error) };
  }
  if (!api.assign(job, processHandle)) {
    api.close(job);
    api.close(processHandle);
    return { kind: "none", reason: "AssignProcessToJobObject failed" };
  }
  return { kind: "job-object", job: new ProcessJob(api, job, processHandle, pid as number) };
}

/** A start decided before the spawn: what to spawn, and how to contain what was spawned. */
export interface ContainedStart {
  /** The launcher in front of the target, or undefined: spawn the target itself. */
  readonly launcher: LauncherSpawn | undefined;
  /** Call synchronously right after the spawn, with the pid of what was spawned. */
  contain(pid: number | undefined): Containment;
}

export interface ContainedStartOptions {
  readonly detached?: boolean;
  readonly platform?: NodeJS.Platform;
  readonly arch?: NodeJS.Architecture;
}

/**
 * Decides how a process about to be spawned is contained (Windows). With the launcher
 * (native/windows/shellgate-launch.c), shellgate creates an unnamed kill-on-close job and spawns
 * the launcher in front of the target; right after the spawn it puts the launcher in the job and
 * duplicates an assign-and-query handle to the job into it. The launcher starts nothing until it
 * finds that handle, closes it, then creates the target, so the target and everything it starts,
 * at once or later, are born inside, and none of them holds a handle to the job or can open it by
 * a name. Without the launcher, the spawned target is assigned afterwards (`containProcess`).
 */
export function startContained(target: LaunchTarget, options: ContainedStartOptions = {}): ContainedStart {
  const platform = options.platform ?? process.platform;
  const loaded = platform === "win32" && options.detached !== true ? jobApi() : undefined;
  const decision = planContainedStart({
    platform,
    arch: options.arch ?? process.arch,
    ...(loaded && "error" in loaded ? { unavailable: loaded.error } : {}),
    launcher: platform === "win32" ? (launcherOverride ? launcherOverride.file : findLauncher()) : undefined,
    launchable: launchable(target.file),
    detached: options.detached === true,
  });
  if (decision.kind === "none") return { launcher: undefined, contain: () => decision };
  const afterSpawn: ContainedStart = {
    launcher: undefined,
    contain: (pid) => containProcess(pid, platform),
  };
  if (decision.kind === "assign-after-spawn") return afterSpawn;
  const api = (loaded as { readonly api: JobApi }).api;
  let job: ReturnType<JobApi["createContainmentJob"]>;
  try {
    job = api.createContainmentJob();
  } catch {
    return afterSpawn;
  }
  return {
    launcher: launcherSpawn(decision.launcher, target),
    contain(pid) {
      const processHandle = pid === undefined ? null : api.openProcess(pid);
      if (!processHandle) {
        api.close(job);
        return {
          kind: "none",
          reason: pid === undefined ? "no process was started" : "the launcher ended at once",
        };
      }
      // In the job first, so that closing the job ends the launcher if the hand-over fails; the
      // launcher waits for the handle and starts nothing before it has it.
      if (!api.assign(job, processHandle) || !api.handOver(job, processHandle)) {
        api.terminateProcess(processHandle, 126);
        api.close(processHandle);
        api.close(job);
        return { kind: "none", reason: "the launcher could not be given its Job Object" };
      }
      return { kind: "job-object", job: new ProcessJob(api, job, processHandle, pid as number, true) };
    },
  };
}
