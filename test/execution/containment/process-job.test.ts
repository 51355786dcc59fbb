import { afterEach, describe, expect, it } from "vitest";
import {
  containProcess,
  setJobApiForTesting,
  setLauncherForTesting,
  startContained,
} from "../../../src/execution/containment/contain-process.js";
import { planContainment } from "../../../src/execution/containment/containment-plan.js";
import type { JobApi, Win32Handle } from "../../../src/execution/containment/kernel32-jobs.js";

/** A job API over plain data: members leave when `terminate` is honoured. */
function fakeApi(options: {
  members: number[];
  honoursTerminate?: boolean;
  unreadable?: boolean;
  limitFlags?: number;
  refusesHandOver?: boolean;
}): JobApi & {
  closed: Win32Handle[];
  events: string[];
} {
  const closed: Win32Handle[] = [];
  const events: string[] = [];
  let members = [...options.members];
  let jobs = 0;
  return {
    closed,
    events,
    createContainmentJob: () => {
      jobs += 1;
      return { job: jobs };
    },
    handOver: (job, process) => {
      events.push(`hand over ${JSON.stringify(job)} to ${JSON.stringify(process)}`);
      return options.refusesHandOver !== true;
    },
    terminateProcess: (process) => {
      events.push(`terminate ${JSON.stringify(process)}`);
      return true;
    },
    limitFlags: () => options.limitFlags ?? 0x2400,
    openProcess: (pid) => ({ pid }),
    assign: (job, process) => {
      events.push(`assign ${JSON.stringify(process)} to ${JSON.stringify(job)}`);
      return true;
    },
    terminate: () => {
      if (options.honoursTerminate !== false) members = [];
      return true;
    },
    activeProcesses: () => {
      if (options.unreadable) throw new Error("QueryInformationJobObject (accounting) failed");
      return members.length;
    },
    processIds: () => {
      if (options.unreadable) throw new Error("QueryInformationJobObject (process list) failed");
      return members;
    },
    hasExited: () => options.unreadable !== true && members.length === 0,
    imagePath: (pid) => (pid === 99 ? "C:\\Windows\\System32\\conhost.exe" : `C:\\x\\${pid}.exe`),
    close: (handle) => {
      closed.push(handle);
    },
  };
}

afterEach(() => {
  setJobApiForTesting(undefined);
  setLauncherForTesting(undefined, true);
});

describe("planContainment", () => {
  it("contains on Windows only, and says why not otherwise", () => {
    expect(planContainment({ platform: "win32", pid: 7 })).toEqual({ kind: "job-object" });
    expect(planContainment({ platform: "linux", pid: 7 }).kind).toBe("none");
    expect(planContainment({ platform: "win32", pid: undefined })).toEqual({
      kind: "none",
      reason: "no process was started",
    });
    expect(planContainment({ platform: "win32", pid: 7, unavailable: "koffi is missing" })).toEqual({
      kind: "none",
      reason: "Job Objects are unavailable (koffi is missing)",
    });
  });
});

describe("ProcessJob", () => {
  it("reports an empty job after ending it", async () => {
    setJobApiForTesting(fakeApi({ members: [10, 11, 12] }));
    const containment = containProcess(10, "win32");
    if (containment.kind !== "job-object") throw new Error(containment.reason);

    const ended = await containment.job.terminate(1000);

    expect(ended.members).toEqual([10, 11, 12]);
    expect(ended.survivors).toEqual([]);
  });

  it("never reports a survivor gone", async () => {
    setJobApiForTesting(fakeApi({ members: [10, 11], honoursTerminate: false }));
    const containment = containProcess(10, "win32");
    if (containment.kind !== "job-object") throw new Error(containment.reason);

    const ended = await containment.job.terminate(100);

    expect(ended.survivors).toEqual([10, 11]);
  });

  it("says so when the job was changed to allow breakaway, empty or not", async () => {
    setJobApiForTesting(fakeApi({ members: [10], limitFlags: 0x2400 | 0x800 }));
    const containment = containProcess(10, "win32");
    if (containment.kind !== "job-object") throw new Error(containment.reason);

    const ended = await containment.job.terminate(100);

    expect(ended.survivors).toEqual([]);
    expect(ended.errors.join(" ")).toMatch(/allow breakaway: a process may have left the job/);
  });

  it("keeps what it could not verify as a survivor", async () => {
    setJobApiForTesting(fakeApi({ members: [10], unreadable: true }));
    const containment = containProcess(10, "win32");
    if (containment.kind !== "job-object") throw new Error(containment.reason);

    const ended = await containment.job.terminate(100);

    expect(ended.survivors).not.toEqual([]);
    expect(ended.errors.join(" ")).toMatch(/QueryInformationJobObject/);
  });

  it("closes both handles once, and answers from nothing after", () => {
    const api = fakeApi({ members: [10] });
    setJobApiForTesting(api);
    const containment = containProcess(10, "win32");
    if (containment.kind !== "job-object") throw new Error(containment.reason);

    containment.job.close();
    containment.job.close();

    expect(api.closed).toHaveLength(2);
    expect(containment.job.members()).toEqual([]);
  });

  it("falls back to no containment when the job API cannot load", () => {
    setJobApiForTesting({ error: "Cannot find module 'koffi'" });
    expect(containProcess(10, "win32")).toEqual({
      kind: "none",
      reason: "Job Objects are unavailable (Cannot find module 'koffi')",
    });
  });
});

describe("ProcessJob.commandMembers", () => {
  it("leaves out the console host Windows attaches to console programs", () => {
    setJobApiForTesting(fakeApi({ members: [10, 99, 12] }));
    const containment = containProcess(10, "win32");
    if (containment.kind !== "job-object") throw new Error(containment.reason);
    expect(containment.job.commandMembers()).toEqual([10, 12]);
    expect(containment.job.members()).toEqual([10, 99, 12]);
  });
});

describe("startContained", () => {
  const bash = { file: "C:\\Program Files\\Git\\bin\\bash.exe", args: ["-c", "x"], verbatim: false };

  it("puts the launcher in an unnamed job, then hands it a handle to that job", () => {
    const api = fakeApi({ members: [10] });
    setJobApiForTesting(api);
    setLauncherForTesting("C:\\sg\\launch.exe");
    const start = startContained(bash, { platform: "win32", arch: "x64" });

    expect(start.launcher?.args).toEqual(["@", bash.file, ...bash.args]);
    expect(api.events).toEqual([]);
    const containment = start.contain(10);
    if (containment.kind !== "job-object") throw new Error(containment.reason);
    expect(containment.job.startedInside).toBe(true);
    expect(api.events).toEqual(['assign {"pid":10} to {"job":1}', 'hand over {"job":1} to {"pid":10}']);
    expect(api.closed).toEqual([]);
  });

  it("ends a launcher that could not be given its job, so it never waits in vain", () => {
    const api = fakeApi({ members: [10], refusesHandOver: true });
    setJobApiForTesting(api);
    setLauncherForTesting("C:\\sg\\launch.exe");
    const start = startContained(bash, { platform: "win32", arch: "x64" });

    expect(start.contain(10)).toEqual({
      kind: "none",
      reason: "the launcher could not be given its Job Object",
    });
    expect(api.events).toContain('terminate {"pid":10}');
    expect(api.closed).toEqual([{ pid: 10 }, { job: 1 }]);
  });

  it("releases the job when nothing was started, so nothing made for it stays open", () => {
    const api = fakeApi({ members: [] });
    setJobApiForTesting(api);
    setLauncherForTesting("C:\\sg\\launch.exe");
    const start = startContained(bash, { platform: "win32", arch: "x64" });

    expect(start.contain(undefined)).toEqual({ kind: "none", reason: "no process was started" });
    expect(api.closed).toEqual([{ job: 1 }]);
  });

  it("without a launcher, spawns the program itself and assigns it after the spawn", () => {
    setJobApiForTesting(fakeApi({ members: [10] }));
    setLauncherForTesting(undefined);
    const start = startContained(bash, { platform: "win32", arch: "x64" });

    expect(start.launcher).toBeUndefined();
    const containment = start.contain(10);
    if (containment.kind !== "job-object") throw new Error(containment.reason);
    expect(containment.job.startedInside).toBe(false);
  });

  it("leaves POSIX and detached starts alone", () => {
    setLauncherForTesting("C:\\sg\\launch.exe");
    expect(startContained(bash, { platform: "linux" }).launcher).toBeUndefined();
    expect(startContained(bash, { platform: "win32", detached: true }).contain(10).kind).toBe("none");
  });
});
