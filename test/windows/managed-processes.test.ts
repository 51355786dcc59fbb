import { afterEach, describe, expect, it } from "vitest";
import { isProcessAlive } from "../../src/execution/terminate/process-alive.js";
import { allText, closeTestManagers, createTestManager, waitForFinal } from "../managed/manager-fixture.js";
import { nativeFixture } from "./support/native-fixtures.js";
import { killEach, stillAlive } from "./support/process-tree.js";
import { NO_BASH, quoteWord } from "./support/run-plan.js";
import { onRealWindows, onWindows } from "./support/windows-host.js";

// Managed processes on a win32 Node: the default resolution, and Job Objects for teardown and the
// post-exit sweep, proven with the native broken-tree fixture (root → middle (exited) → leaf).
const fixture = onWindows ? nativeFixture("broken-tree") : { missing: "not Windows" };
const reason = "missing" in fixture ? fixture.missing : undefined;
const leaves: number[] = [];
afterEach(async () => {
  await closeTestManagers();
  killEach(leaves.splice(0));
});

async function leafOf(manager: ReturnType<typeof createTestManager>, processId: string): Promise<number> {
  for (let cursor = 0; ; ) {
    const page = await manager.wait({ process_id: processId, cursor, wait_ms: 10_000 });
    const text = await allText(manager, processId);
    const match = /leaf (\d+)[\s\S]*middle-exited/.exec(text);
    if (match) {
      leaves.push(Number(match[1]));
      return Number(match[1]);
    }
    if (page.state !== "running") throw new Error(`the tree's root ended early: ${text}`);
    cursor = page.latest_cursor;
  }
}

describe.runIf(onWindows)("managed processes on win32", () => {
  it("start in the resolved shell when no resolution is given", async () => {
    const manager = createTestManager();
    const started = await manager.start({ command: "echo managed-ok" });
    const final = await waitForFinal(manager, started.process_id);
    expect(final.state).toBe("completed");
    // Under Wine the resolved Git Bash is a stand-in that only prints its version.
    if (onRealWindows) expect(await allText(manager, started.process_id)).toContain("managed-ok");
  });
});

describe.skipIf(reason !== undefined)(
  `managed broken trees in a Job Object${reason ? ` (${reason})` : ""}`,
  () => {
    const command = (mode: string) =>
      [(fixture as { path: string }).path, mode, `shellgate-managed-${process.pid}`].map(quoteWord).join(" ");

    it("process_terminate ends the whole tree, the orphaned leaf included", async () => {
      const manager = createTestManager({}, { resolution: NO_BASH });
      const started = await manager.start({ command: command("root") });
      await manager.write({ process_id: started.process_id, close_stdin: true });
      const leaf = await leafOf(manager, started.process_id);

      const terminated = await manager.terminate({ process_id: started.process_id });

      expect(terminated.state).toBe("cancelled");
      expect(await stillAlive([started.pid as number, leaf])).toEqual([]);
    });

    it("sweeps what the root left behind after a normal exit", async () => {
      const manager = createTestManager({}, { resolution: NO_BASH });
      const started = await manager.start({ command: command("root-exits") });
      await manager.write({ process_id: started.process_id, close_stdin: true });
      const leaf = await leafOf(manager, started.process_id);

      await waitForFinal(manager, started.process_id);

      expect(isProcessAlive(started.pid as number)).toBe(false);
      expect(await stillAlive([leaf])).toEqual([]);
    });
  },
);
