import { describe, expect, it } from "vitest";
import { outsideJob } from "../../../src/execution/terminate/outside-job.js";
import type { ProcessEntry } from "../../../src/execution/terminate/process-table.js";

const entry = (pid: number, ppid: number): ProcessEntry => ({ pid, ppid, pgid: -1, zombie: false });

describe("outsideJob", () => {
  it("finds what is linked to the root or a member through dead parents, and not in the job", () => {
    // root 10 → 11 (member, now gone) → 12 (left the job) → 13; 20 is unrelated; 11's pid is kept on 12.
    const table = [entry(0, 0), entry(4, 0), entry(12, 11), entry(13, 12), entry(20, 4), entry(30, 10)];
    expect(outsideJob(table, 10, [10, 11, 30], 999)).toEqual([12, 13]);
  });

  it("is empty when the job held everything, and never names shellgate itself", () => {
    const table = [entry(10, 999), entry(11, 10), entry(999, 1)];
    expect(outsideJob(table, 10, [10, 11], 999)).toEqual([]);
    expect(outsideJob([entry(999, 10)], 10, [10], 999)).toEqual([]);
  });

  it("survives a cycle in the table (a reused pid naming its own descendant as parent)", () => {
    expect(outsideJob([entry(12, 10), entry(10, 12)], 10, [], 1)).toEqual([12]);
  });
});
