import { type ContainmentDecision, planContainment } from "./containment-plan.js";
import { type JobApi, loadJobApi } from "./kernel32-jobs.js";
import { ProcessJob } from "./process-job.js";

/** A started process and what holds its tree: its own Job Object, or nothing (with the reason). */
export type Containment =
  | { readonly kind: "job-object"; readonly job: ProcessJob }
  | { readonly kind: "none"; readonly reason: string };

let cachedApi: { readonly api: JobApi } | { readonly error: string } | undefined;

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

/**
 * Puts a just-spawned process into a new kill-on-close Job Object. Call it synchronously right
 * after `spawn()` returns, before yielding to the event loop:
 *
 * - Race: Node cannot start a process suspended, so the assignment follows CreateProcess. A child
 *   the root creates before it is assigned is born outside the job. Every shell shellgate starts
 *   first spends milliseconds on its own start-up (the loader, msys-2.0.dll or cygwin1.dll
 *   initialisation, Git's bin\bash.exe redirector starting usr\bin\bash.exe), far longer than
 *   this synchronous call after spawn() returns, and everything created later is born inside.
 *   A native program that creates a child within its first instants can win the race (seen under
 *   Wine, whose CreateProcess returns late); that child is then not contained. Closing this fully
 *   needs a suspended start, i.e. a launcher executable, which an install without a compiler or
 *   install scripts cannot build.
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
    return { kind: "none", reason: error instanceof Error ? error.message : String(error) };
  }
  if (!api.assign(job, processHandle)) {
    api.close(job);
    api.close(processHandle);
    return { kind: "none", reason: "AssignProcessToJobObject failed" };
  }
  return { kind: "job-object", job: new ProcessJob(api, job, processHandle, pid as number) };
}
