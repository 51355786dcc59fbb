import { afterEach, describe, expect, it } from "vitest";
import { prepareStart } from "../../../src/execution/prepare/prepare-start.js";
import { runCommand } from "../../../src/execution/run/run-command.js";
import { TaskRegistry } from "../../../src/execution/tasks/task-registry.js";
import { isProcessAlive } from "../../../src/execution/terminate/process-alive.js";
import { nativeFixture } from "../support/native-fixtures.js";
import { killEach, stillAlive } from "../support/process-tree.js";
import { NO_BASH, quoteWord } from "../support/run-plan.js";
import { onWindows } from "../support/windows-host.js";

// Foreground runs and background tasks go through the one spawn path, which puts the tree in a Job
// Object: the broken tree (root → middle (exited) → leaf) is ended whole by a timeout, by the
// post-exit sweep and by bash_kill, and what was left running is reported, never called gone.
const fixture = onWindows ? nativeFixture("broken-tree") : { missing: "not Windows" };
const reason = "missing" in fixture ? fixture.missing : undefined;
const leaves: number[] = [];
afterEach(() => killEach(leaves.splice(0)));

function command(mode: "root" | "root-exits"): string {
  return [(fixture as { path: string }).path, mode, `shellgate-run-${process.pid}`].map(quoteWord).join(" ");
}

function leafIn(text: string): number {
  const match = /leaf (\d+)/.exec(text);
  if (!match) throw new Error(`no leaf pid in: ${text}`);
  leaves.push(Number(match[1]));
  return Number(match[1]);
}

describe.skipIf(reason !== undefined)(
  `broken trees through the run paths${reason ? ` (${reason})` : ""}`,
  () => {
    it("a timeout ends the whole tree", { timeout: 60_000 }, async () => {
      const result = await runCommand(command("root"), { resolution: NO_BASH, timeoutMs: 3000 });

      expect(result.timedOut).toBe(true);
      const leaf = leafIn(result.stdout);
      expect(await stillAlive([leaf])).toEqual([]);
      expect(result.survivors).toBeUndefined();
    });

    it("the post-exit sweep ends what the root left behind, and says so", { timeout: 60_000 }, async () => {
      const result = await runCommand(command("root-exits"), { resolution: NO_BASH, timeoutMs: 20_000 });

      const leaf = leafIn(result.stdout);
      expect(result.backgroundChildren).toEqual({ pids: [leaf], killed: true });
      expect(await stillAlive([leaf])).toEqual([]);
    });

    it("with kill_background_children off, the leaf is reported still running", {
      timeout: 60_000,
    }, async () => {
      const result = await runCommand(command("root-exits"), {
        resolution: NO_BASH,
        timeoutMs: 20_000,
        killBackgroundChildren: false,
      });

      const leaf = leafIn(result.stdout);
      expect(result.backgroundChildren).toEqual({ pids: [leaf], killed: false });
      expect(isProcessAlive(leaf)).toBe(true);
    });

    it("bash_kill on a background task ends the whole tree", { timeout: 60_000 }, async () => {
      const registry = new TaskRegistry({
        maxOutputBytes: 100_000,
        spillMaxBytes: 1_000_000,
        killGraceMs: 500,
        killBackgroundChildren: true,
      });
      const prepared = await prepareStart(command("root"), { resolution: NO_BASH });
      const task = await registry.start({
        command: command("root"),
        plan: prepared.plan,
        owner: undefined,
        workdir: prepared.cwd,
      });
      let text = "";
      const until = Date.now() + 20_000;
      while (!text.includes("middle-exited") && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        text += registry.readOutput(task.id, undefined).stdout; // each read returns what is new
      }
      const leaf = leafIn(text);

      const outcome = await registry.kill(task.id, undefined);

      expect(outcome.killed).toBe(true);
      expect(await stillAlive([task.pid as number, leaf])).toEqual([]);
      await registry.close();
    });
  },
);
