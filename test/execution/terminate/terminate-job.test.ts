import { type ChildProcess, spawn } from "node:child_process";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { JobApi } from "../../../src/execution/containment/kernel32-jobs.js";
import { ProcessJob } from "../../../src/execution/containment/process-job.js";
import { isProcessAlive } from "../../../src/execution/terminate/process-alive.js";
import type { ProcessEntry } from "../../../src/execution/terminate/process-table.js";
import { onWindows } from "../../support/platform.js";

// The order a job's termination takes, seen from its two effects: the job API and the listing.
const events: string[] = [];
let table: ProcessEntry[] = [];
vi.mock("../../../src/execution/terminate/windows-process-table.js", () => ({
  readWindowsProcessTable: async () => {
    events.push("list");
    return table;
  },
}));
const { terminateTree } = await import("../../../src/execution/terminate/terminate-tree.js");

function recordingApi(members: number[]): JobApi {
  let inside = [...members];
  return {
    createContainmentJob: () => ({}),
    handOver: () => true,
    terminateProcess: () => true,
    limitFlags: () => 0x2400,
    openProcess: (pid) => ({ pid }),
    assign: () => true,
    terminate: () => {
      events.push("terminate-job");
      inside = [];
      return true;
    },
    activeProcesses: () => inside.length,
    processIds: () => inside,
    hasExited: () => inside.length === 0,
    imagePath: () => null,
    close: () => {},
  };
}

// Ended through their ChildProcess (libuv holds each one's handle), never by a bare pid: a pid that
// has died may already name another process (Wine hands freed pids out again at once).
const sleepers: ChildProcess[] = [];
async function sleeper(): Promise<number> {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
  await new Promise((resolve) => child.once("spawn", resolve));
  sleepers.push(child);
  return child.pid as number;
}
afterEach(() => {
  events.length = 0;
  table = [];
  for (const child of sleepers.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill();
});

describe("terminateTree with a Job Object", () => {
  it("ends the job before it lists anything; the listing only reports", async () => {
    const job = new ProcessJob(recordingApi([10, 11]), {}, {}, 10, true);
    const report = await terminateTree(10, { job, platform: "win32" });
    expect(events).toEqual(["terminate-job", "list"]);
    expect(report).toMatchObject({ method: "job-object", descendants: [11], survivors: [] });
  });

  it("then ends a live process linked to the tree but outside the job, or reports it a survivor", async () => {
    const outside = await sleeper();
    // Its parent, member 11, is gone; Windows keeps 11 as its parent pid.
    table = [{ pid: outside, ppid: 11, pgid: -1, zombie: false }];
    const job = new ProcessJob(recordingApi([10, 11]), {}, {}, 10, true);

    const report = await terminateTree(10, { job, platform: "win32", killWaitMs: onWindows ? 10_000 : 200 });

    expect(events).toEqual(["terminate-job", "list"]);
    expect(report.descendants).toEqual([11, outside]);
    if (onWindows) {
      expect(report.survivors).toEqual([]);
      expect(isProcessAlive(outside)).toBe(false);
    } else {
      // No taskkill here: the attempt fails, and what outlived it is a survivor, never "gone".
      expect(report.survivors).toEqual([outside]);
      expect(report.errors.join("\n")).toContain("taskkill");
    }
  });

  it("follows no link from a member pid that is alive again after the job emptied (a new process)", async () => {
    const reused = await sleeper();
    const itsChild = await sleeper();
    table = [{ pid: itsChild, ppid: reused, pgid: -1, zombie: false }];
    const job = new ProcessJob(recordingApi([10, reused]), {}, {}, 10, true);

    const report = await terminateTree(10, { job, platform: "win32" });

    expect(report.descendants).toEqual([reused]);
    expect(report.survivors).toEqual([]);
    expect(isProcessAlive(itsChild)).toBe(true);
  });
});
