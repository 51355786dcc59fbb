import { execFile } from "node:child_process";
import { systemProgramPath } from "../../../platforms/index.js";
import type { ProcessJob } from "../containment/process-job.js";
import { listDescendants } from "./list-descendants.js";
import { outsideJob } from "./outside-job.js";
import { planTermination, type TerminationStep } from "./plan-termination.js";
import { isProcessAlive, waitUntilGone } from "./process-alive.js";
import { readWindowsProcessTable } from "./windows-process-table.js";
import { planWslTreeKill, type WslTarget } from "./wsl-tree-kill.js";

export interface TerminateTreeOptions {
  /** How long SIGTERM gets before SIGKILL (POSIX). Default 2000 ms. */
  readonly graceMs?: number;
  /** How long to wait for the tree to disappear after SIGKILL before reporting survivors. Default 5000 ms. */
  readonly killWaitMs?: number;
  readonly platform?: NodeJS.Platform;
  /** The tree's process group, when it differs from `pid`. */
  readonly pgid?: number;
  /** See `listDescendants`: finds `setsid` orphans that inherited this environment variable (Linux). */
  readonly marker?: { readonly name: string; readonly value: string };
  /**
   * Windows: the tree's Job Object (see `execution/containment`). When given, the job is ended and
   * its membership is the proof; no pid is killed, so a reused pid can never be hit.
   */
  readonly job?: ProcessJob;
  /**
   * WSL: the run's Linux side, ended from inside the distribution by its run marker (`marker`),
   * because killing wsl.exe does not reach it.
   */
  readonly wsl?: WslTarget;
}

export interface TerminationReport {
  readonly pid: number;
  /** `remote-group`: the group kill run inside a remote target (see execution/remote). */
  readonly method: "process-group" | "taskkill" | "taskkill-per-pid" | "job-object" | "remote-group";
  /** Members found (before signalling), the root excluded. */
  readonly descendants: readonly number[];
  /** True when something outlived the grace period and had to be killed. */
  readonly forced: boolean;
  /** Pids still alive at the end; empty when the tree is really gone. */
  readonly survivors: readonly number[];
  readonly errors: readonly string[];
  readonly durationMs: number;
}

function runCommand(file: string, args: readonly string[]): Promise<string | null> {
  return new Promise((resolve) => {
    const child = execFile(
      file,
      [...args],
      { windowsHide: true, timeout: 10_000 },
      (error, _stdout, stderr) => {
        resolve(error ? `${file} ${args.join(" ")} failed: ${String(stderr).trim() || error.message}` : null);
      },
    );
    child.stdin?.end();
  });
}

function sendSignal(target: number, signal: NodeJS.Signals, errors: string[]): void {
  try {
    process.kill(target, signal);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ESRCH") errors.push(`kill(${target}, ${signal}) failed: ${code ?? String(error)}`);
  }
}

async function carryOut(steps: readonly TerminationStep[], errors: string[]): Promise<boolean> {
  let allSucceeded = true;
  for (const step of steps) {
    if (step.type === "signal-group") sendSignal(-step.pgid, step.signal, errors);
    else if (step.type === "signal-process") {
      if (isProcessAlive(step.pid)) sendSignal(step.pid, step.signal, errors);
    } else if (isProcessAlive(step.pid)) {
      const failure = await runCommand(step.file, step.args);
      if (failure) {
        errors.push(failure);
        allSucceeded = false;
      }
    }
  }
  return allSucceeded;
}

/**
 * Ends the process tree rooted at `pid` and resolves once it is really gone (or reports who survived).
 * POSIX: lists the tree first, SIGTERMs the group and every member, waits the grace, SIGKILLs what is
 * left. Windows: the tree's Job Object when it has one (ended first, the tree listed afterwards);
 * otherwise `taskkill /T /F`, falling back to `taskkill /F` per pid when the tree walk fails.
 */
export async function terminateTree(
  pid: number,
  options: TerminateTreeOptions = {},
): Promise<TerminationReport> {
  if (options.wsl && options.marker) {
    // First the Linux side (wsl.exe must still run for its relay to deliver), then the Windows one.
    const kill = planWslTreeKill(options.wsl, options.marker);
    const failure = await runCommand(kill.file, kill.args);
    const report = await terminateTree(pid, { ...options, wsl: undefined });
    return failure ? { ...report, errors: [...report.errors, failure] } : report;
  }
  if (options.job && !options.job.closed) return terminateJob(pid, options.job, options);
  const started = Date.now();
  const platform = options.platform ?? process.platform;
  const graceMs = options.graceMs ?? 2000;
  const killWaitMs = options.killWaitMs ?? 5000;
  const errors: string[] = [];
  const descendants = await listDescendants(pid, {
    platform,
    ...(options.pgid === undefined ? {} : { pgid: options.pgid }),
    ...(options.marker ? { marker: options.marker } : {}),
  }).catch((error: Error) => {
    errors.push(error.message);
    return [] as number[];
  });
  const plan = planTermination({
    pid,
    descendants,
    platform,
    ...(options.pgid === undefined ? {} : { pgid: options.pgid }),
  });
  const everyone = [pid, ...descendants];
  let method: TerminationReport["method"] = plan.method;
  let forced = false;

  const firstSucceeded = await carryOut(plan.first, errors);
  if (!firstSucceeded && plan.fallback.length > 0) {
    method = "taskkill-per-pid";
    await carryOut(plan.fallback, errors);
  }
  let gone = await waitUntilGone(everyone, plan.afterGrace.length > 0 ? graceMs : killWaitMs);
  if (!gone && plan.afterGrace.length > 0) {
    forced = true;
    // Members started during the grace period (a trap handler that forks) are caught by a second look.
    const late = await listDescendants(pid, {
      platform,
      ...(options.marker ? { marker: options.marker } : {}),
    }).catch(() => [] as number[]);
    const again = planTermination({ pid, descendants: [...new Set([...descendants, ...late])], platform });
    await carryOut(again.afterGrace, errors);
    everyone.push(...late.filter((member) => !everyone.includes(member)));
    gone = await waitUntilGone(everyone, killWaitMs);
  }
  if (gone && platform !== "win32") {
    // What started while the first look ran (a `setsid` child forked after the listing and out of
    // the group before the group signal) is in no list: found by the group and the marker now that
    // nothing of the tree is left to fork, and ended the same way. (Windows keeps a dead parent's
    // id on its children, so `taskkill /T` walked them already.)
    const swept = await sweepLate(pid, everyone, { ...options, platform, graceMs, killWaitMs }, errors);
    everyone.push(...swept.found);
    if (swept.forced) forced = true;
    gone = swept.gone;
  }
  return {
    pid,
    method,
    descendants,
    forced,
    survivors: gone ? [] : everyone.filter(isProcessAlive),
    errors,
    durationMs: Date.now() - started,
  };
}

/** Clean looks in a row that end the late sweep: a fork seen by neither is not missed by both. */
const CLEAN_SWEEPS = 2;
/** Rounds of late members a sweep ends before it reports what is still there. */
const MAX_SWEEP_ROUNDS = 8;

/**
 * After the known members are gone: looks again (group, parent links, the marker) and ends what
 * it finds, SIGTERM, the grace, SIGKILL, until `CLEAN_SWEEPS` looks in a row find nothing, or
 * `MAX_SWEEP_ROUNDS` rounds had something (a tree that keeps forking). Returns who was found, and
 * whether they are gone.
 */
async function sweepLate(
  pid: number,
  known: readonly number[],
  options: TerminateTreeOptions & { platform: NodeJS.Platform; graceMs: number; killWaitMs: number },
  errors: string[],
): Promise<{ found: number[]; forced: boolean; gone: boolean }> {
  const found: number[] = [];
  let forced = false;
  let clean = 0;
  for (let round = 0; clean < CLEAN_SWEEPS; ) {
    const late = (
      await listDescendants(pid, {
        platform: options.platform,
        ...(options.pgid === undefined ? {} : { pgid: options.pgid }),
        ...(options.marker ? { marker: options.marker } : {}),
      }).catch(() => [] as number[])
    ).filter(isProcessAlive);
    if (late.length === 0) {
      clean += 1;
      continue;
    }
    if (round >= MAX_SWEEP_ROUNDS) return { found, forced, gone: false };
    round += 1;
    clean = 0;
    found.push(...late.filter((member) => !known.includes(member) && !found.includes(member)));
    for (const member of late) sendSignal(member, "SIGTERM", errors);
    if (!(await waitUntilGone(late, options.graceMs))) {
      forced = true;
      for (const member of late.filter(isProcessAlive)) sendSignal(member, "SIGKILL", errors);
      if (!(await waitUntilGone(late, options.killWaitMs))) return { found, forced, gone: false };
    }
  }
  return { found, forced, gone: true };
}

/**
 * Ends a contained tree through its job, at once, and only then looks at the tree. The job is ended
 * before anything is listed: a listing (PowerShell's CIM query, or wmic) takes 0.5–2 s on Windows
 * and far longer under Wine, and the command kept running through every one of those seconds past
 * its timeout. Afterwards the table is read once: whatever is still linked to the tree but was never
 * in the job (a process Wine started detached outside it, one that left it) is ended by pid and, if
 * it outlives that, reported as a survivor. A member pid alive again after the job emptied names a
 * new process, so links are followed only from the root and from members that are gone or still in
 * the job.
 */
async function terminateJob(
  pid: number,
  job: ProcessJob,
  options: TerminateTreeOptions,
): Promise<TerminationReport> {
  const started = Date.now();
  const killWaitMs = options.killWaitMs ?? 5000;
  const ended = await job.terminate(killWaitMs);
  const errors = [...ended.errors];
  const table = await readWindowsProcessTable().catch((error: Error) => {
    errors.push(`the tree could not be listed after the job ended: ${error.message}`);
    return [];
  });
  const stillInside = new Set(ended.survivors);
  const linkedFrom = ended.members.filter((member) => stillInside.has(member) || !isProcessAlive(member));
  const outside = outsideJob(table, pid, linkedFrom, process.pid).filter(
    (member) => !ended.members.includes(member) && isProcessAlive(member),
  );
  for (const member of outside) {
    const failure = await runCommand(systemProgramPath("taskkill"), ["/F", "/PID", String(member)]);
    if (failure) errors.push(failure);
  }
  const outsideGone = outside.length === 0 || (await waitUntilGone(outside, killWaitMs));
  return {
    pid,
    method: "job-object",
    descendants: [...new Set([...ended.members, ...outside])].filter((member) => member !== pid),
    forced: true,
    survivors: [...new Set([...ended.survivors, ...(outsideGone ? [] : outside.filter(isProcessAlive))])],
    errors,
    durationMs: Date.now() - started,
  };
}
