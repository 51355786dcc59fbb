import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { listDescendants } from "../../../src/execution/terminate/list-descendants.js";
import { isProcessAlive } from "../../../src/execution/terminate/process-alive.js";
import { parseProcStat } from "../../../src/execution/terminate/read-process-table.js";
import { terminateTree } from "../../../src/execution/terminate/terminate-tree.js";
import { FIXTURES, killQuietly, startTree, survivors } from "../../fixtures/exec/helpers.js";
import { hasSetsid } from "../../support/platform.js";

const started: number[] = [];

/** `$!` is printed before the child has called setsid(); wait until it has its own group. */
async function leftTheGroup(pid: number): Promise<void> {
  const deadline = Date.now() + 3000;
  while (Date.now() < deadline) {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    if (parseProcStat(stat)?.pgid === pid) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`process ${pid} never left its group`);
}
afterEach(() => {
  killQuietly(started.splice(0));
});

describe("terminateTree (real processes)", () => {
  // The setsid fixtures need setsid(1), and leftTheGroup reads /proc: Linux only.
  it.skipIf(!hasSetsid)(
    "kills a TERM-ignoring tree, including a setsid grandchild, with SIGKILL after the grace",
    async () => {
      const tree = await startTree(`exec bash ${FIXTURES}trap-tree.sh`);
      const everyone = [tree.pid, ...tree.pids];
      started.push(...everyone);
      const found = await listDescendants(tree.pid);
      expect(found).toEqual(expect.arrayContaining(tree.pids));

      const report = await terminateTree(tree.pid, { graceMs: 200 });
      expect(report.forced).toBe(true);
      expect(report.survivors).toEqual([]);
      expect(report.method).toBe("process-group");
      expect(await survivors(everyone, 0)).toEqual([]);
    },
  );

  it("does not wait out the grace when SIGTERM is obeyed", async () => {
    const tree = await startTree("sleep 300 & echo READY $!; wait");
    started.push(tree.pid, ...tree.pids);
    const report = await terminateTree(tree.pid, { graceMs: 10_000 });
    expect(report.forced).toBe(false);
    expect(report.durationMs).toBeLessThan(5000);
    expect(await survivors([tree.pid, ...tree.pids], 0)).toEqual([]);
  });

  it("finds a background child by its process group after the shell exited", async () => {
    const tree = await startTree("sleep 300 & echo READY $!");
    started.push(...tree.pids);
    await tree.exited;
    expect(isProcessAlive(tree.pids[0] as number)).toBe(true);
    const report = await terminateTree(tree.pid, { graceMs: 500 });
    expect(report.descendants).toEqual(tree.pids);
    expect(await survivors(tree.pids, 0)).toEqual([]);
  });

  it.skipIf(!hasSetsid)(
    "finds a setsid orphan by its environment marker after its parent exited",
    async () => {
      const marker = { name: "SHELLGATE_RUN", value: randomUUID() };
      const tree = await startTree("setsid sleep 300 & echo READY $!", {
        ...process.env,
        [marker.name]: marker.value,
      });
      started.push(...tree.pids);
      await tree.exited;
      await leftTheGroup(tree.pids[0] as number);
      expect(await listDescendants(tree.pid)).toEqual([]);
      const report = await terminateTree(tree.pid, { graceMs: 500, marker });
      expect(report.descendants).toEqual(tree.pids);
      expect(await survivors(tree.pids, 0)).toEqual([]);
    },
  );

  it("reports nothing to do for a pid that is already gone", async () => {
    const tree = await startTree("echo READY");
    await tree.exited;
    const report = await terminateTree(tree.pid, { graceMs: 100 });
    expect(report.survivors).toEqual([]);
    expect(report.errors).toEqual([]);
  });
});
