import { type ChildProcess, spawn } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { type Containment, containProcess } from "../../../src/execution/containment/contain-process.js";
import { isProcessAlive } from "../../../src/execution/terminate/process-alive.js";
import { terminateTree } from "../../../src/execution/terminate/terminate-tree.js";
import { nativeFixture } from "../support/native-fixtures.js";
import { killEach, stillAlive } from "../support/process-tree.js";
import { onWindows } from "../support/windows-host.js";

// The shape Git Bash leaves whenever one MSYS program execs another: root → middle → leaf, and the
// middle has exited, so the leaf's parent pid names a dead process. Built from native programs
// (test/windows/fixtures/broken-tree.c), so it runs under Wine as well as on windows-latest.
const fixture = onWindows ? nativeFixture("broken-tree") : { missing: "not Windows" };
const reason = "missing" in fixture ? fixture.missing : undefined;
const started: number[] = [];
afterEach(() => killEach(started.splice(0)));

interface BrokenTree {
  readonly root: ChildProcess;
  readonly leaf: number;
  readonly containment: Containment;
}

/** Starts the root, contains it (or not), lets it build the tree, and resolves with the leaf's pid. */
function startBrokenTree(contain: boolean): Promise<BrokenTree> {
  const root = spawn((fixture as { path: string }).path, ["root", `shellgate-${process.pid}`], {
    stdio: ["pipe", "pipe", "pipe"],
    windowsHide: true,
  });
  const containment: Containment = contain
    ? containProcess(root.pid)
    : { kind: "none", reason: "today's path" };
  if (root.pid !== undefined) started.push(root.pid);
  return new Promise((resolve, reject) => {
    let text = "";
    root.stdout?.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      const leaf = /leaf (\d+)/.exec(text);
      if (leaf && text.includes("middle-exited")) {
        started.push(Number(leaf[1]));
        resolve({ root, leaf: Number(leaf[1]), containment });
      }
    });
    root.on("error", reject);
    root.on("exit", (code) => reject(new Error(`the root exited (${code}) early: ${text}`)));
    // The root builds its tree only now, after the containment decision was made.
    root.stdin?.end("go\n");
  });
}

describe.skipIf(reason !== undefined)(
  `a tree whose middle process has exited${reason ? ` (${reason})` : ""}`,
  () => {
    it("survives today's kill path, which still reports it gone", { timeout: 60_000 }, async () => {
      const tree = await startBrokenTree(false);
      expect(isProcessAlive(tree.leaf)).toBe(true);

      const report = await terminateTree(tree.root.pid as number, { killWaitMs: 2000 });

      expect(await stillAlive([tree.root.pid as number])).toEqual([]);
      expect(isProcessAlive(tree.leaf)).toBe(true);
      expect(report.survivors).not.toContain(tree.leaf);
    });

    it("does not survive its Job Object, and the job's membership proves it", async () => {
      const tree = await startBrokenTree(true);
      expect(tree.containment.kind).toBe("job-object");
      if (tree.containment.kind !== "job-object") return;
      expect(tree.containment.job.members()).toEqual(expect.arrayContaining([tree.root.pid, tree.leaf]));

      const report = await terminateTree(tree.root.pid as number, { job: tree.containment.job });

      expect(report.method).toBe("job-object");
      expect(report.descendants).toContain(tree.leaf);
      expect(report.survivors).toEqual([]);
      expect(await stillAlive([tree.root.pid as number, tree.leaf])).toEqual([]);
      tree.containment.job.close();
    });

    it("ends everything inside when the job is closed (kill on close)", async () => {
      const tree = await startBrokenTree(true);
      if (tree.containment.kind !== "job-object") throw new Error(tree.containment.reason);

      tree.containment.job.close();

      expect(await stillAlive([tree.root.pid as number, tree.leaf])).toEqual([]);
    });
  },
);
