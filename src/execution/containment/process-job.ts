import { JOB_OBJECT_LIMIT_BREAKAWAY_OK, JOB_OBJECT_LIMIT_SILENT_BREAKAWAY_OK } from "./job-layout.js";
import type { JobApi, Win32Handle } from "./kernel32-jobs.js";

/** What ending a job achieved, judged by the job's own membership, never by a process listing. */
export interface JobTermination {
  /** Members found just before the job was ended, the root included. */
  readonly members: readonly number[];
  /** Members still in the job when the wait ran out; empty only when the job is really empty. */
  readonly survivors: readonly number[];
  readonly errors: readonly string[];
  readonly durationMs: number;
}

function delay(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds).unref());
}

/**
 * One command's Job Object. Everything the root starts is born inside it (no breakaway is
 * allowed), however the parent links break on the way, so ending the job ends the tree, and the
 * job's member list is the proof. Ending goes through the job handle and the root's process
 * handle, never through a pid that may already belong to someone else.
 */
export class ProcessJob {
  readonly #api: JobApi;
  #job: Win32Handle | null;
  #process: Win32Handle | null;
  readonly rootPid: number;
  /**
   * True when the root joined the job before it started anything (the launcher); false when it
   * was assigned after the spawn, when a child it created at once may be outside.
   */
  readonly startedInside: boolean;

  constructor(
    api: JobApi,
    job: Win32Handle,
    processHandle: Win32Handle,
    rootPid: number,
    startedInside = false,
  ) {
    this.#api = api;
    this.#job = job;
    this.#process = processHandle;
    this.rootPid = rootPid;
    this.startedInside = startedInside;
  }

  get closed(): boolean {
    return this.#job === null;
  }

  /** Pids in the job now (empty once closed). */
  members(): readonly number[] {
    return this.#job ? this.#api.processIds(this.#job) : [];
  }

  /** Pids in the job now; empty when the job cannot be read (the caller then keeps it open). */
  membersOrNone(): readonly number[] {
    return this.#safeMembers([]);
  }

  /**
   * The members a command started, without the console hosts (conhost.exe) Windows attaches to
   * console programs: those are infrastructure, end with the job, and mean nothing to the model.
   */
  commandMembers(): readonly number[] {
    return this.membersOrNone().filter((pid) => {
      const image = this.#api.imagePath(pid);
      return image === null || !/(^|[\\/])conhost\.exe$/i.test(image);
    });
  }

  /** How many processes are in the job now (0 once closed). */
  activeCount(): number {
    return this.#job ? this.#api.activeProcesses(this.#job) : 0;
  }

  /** The job's LimitFlags now (for checks; Wine answers 0). Throws when the job cannot be read. */
  limitFlags(): number {
    if (!this.#job) throw new Error("the job is closed");
    return this.#api.limitFlags(this.#job);
  }

  /** Whether the root itself has ended (its held handle is signalled). */
  rootExited(): boolean {
    return this.#process ? this.#api.hasExited(this.#process) : true;
  }

  /** Ends every member at once, then waits (bounded) until the job reports none left. */
  async terminate(waitMs = 5000, exitCode = 1): Promise<JobTermination> {
    const started = Date.now();
    const errors: string[] = [];
    const job = this.#job;
    if (!job) return { members: [], survivors: [], errors: ["the job was already closed"], durationMs: 0 };
    const members = this.#safeMembers(errors);
    if (!this.#api.terminate(job, exitCode)) errors.push("TerminateJobObject failed");
    const deadline = started + waitMs;
    // The job has no event for "empty" that a Node thread can wait on without blocking, so its
    // count is read until it reaches zero or the wait runs out.
    let remaining = this.#safeCount(errors);
    while (remaining !== 0 && Date.now() < deadline) {
      await delay(25);
      remaining = this.#safeCount(errors);
    }
    // A job whose count cannot be read is not reported empty: what was in it may still run.
    const survivors =
      remaining === 0 ? [] : remaining === null ? this.#unverified(members) : this.#safeMembers(errors);
    // An empty job proves nothing about a process that left it: breakaway allowed by someone with
    // a full handle would have let a member start a child outside. shellgate never allows it.
    if (this.#breakawayAllowed(job)) {
      errors.push(
        "the job's limits were changed to allow breakaway: a process may have left the job and may still be running",
      );
    }
    return { members, survivors, errors: [...new Set(errors)], durationMs: Date.now() - started };
  }

  /** Releases the handles. The job is kill-on-close: anything still inside ends now. */
  close(): void {
    if (this.#process) this.#api.close(this.#process);
    if (this.#job) this.#api.close(this.#job);
    this.#process = null;
    this.#job = null;
  }

  /** What may still run when the job cannot be read: what it held, or at least a live root. */
  #unverified(members: readonly number[]): readonly number[] {
    if (members.length > 0) return members;
    return this.rootExited() ? [] : [this.rootPid];
  }

  #breakawayAllowed(job: Win32Handle): boolean {
    try {
      const breakaway = JOB_OBJECT_LIMIT_BREAKAWAY_OK | JOB_OBJECT_LIMIT_SILENT_BREAKAWAY_OK;
      return (this.#api.limitFlags(job) & breakaway) !== 0;
    } catch {
      return false; // unreadable limits are not evidence of a change
    }
  }

  #safeMembers(errors: string[]): readonly number[] {
    try {
      return this.members();
    } catch (error) {
      errors.push(error instanceof Error ? error.message : String(error));
      return [];
    }
  }

  #safeCount(errors: string[]): number | null {
    try {
      return this.activeCount();
    } catch (error) {
      errors.push(error instanceof Error ? error.message : String(error));
      return null;
    }
  }
}
