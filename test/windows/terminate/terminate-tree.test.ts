import { afterEach, describe, expect, it } from "vitest";
import { terminateTree } from "../../../src/execution/terminate/terminate-tree.js";
import { killEach, startNodeTree, stillAlive } from "../support/process-tree.js";
import { useTemporaryDirectories } from "../support/temporary-directory.js";
import { onWindows, underWine } from "../support/windows-host.js";

// Windows has no process groups: a tree dies only if every member is found and killed. On
// windows-latest `taskkill /T /F` walks the tree; Wine 8's taskkill has no /T, so shellgate falls back
// to `taskkill /F` per pid, which works only for the pids it listed beforehand.
const temporaryDirectory = useTemporaryDirectories("shellgate-terminate-");
const started: number[] = [];
afterEach(() => killEach(started.splice(0)));

describe.runIf(onWindows)("terminateTree on win32", () => {
  it("ends a node → node → node tree whole", async () => {
    const tree = await startNodeTree(temporaryDirectory(), 3);
    started.push(...tree.pids);
    expect(tree.pids).toHaveLength(3);

    const report = await terminateTree(tree.pids[0]!);

    expect(await stillAlive(tree.pids)).toEqual([]);
    expect(report.survivors).toEqual([]);
    expect(report.method).toBe(underWine ? "taskkill-per-pid" : "taskkill");
  });
});
