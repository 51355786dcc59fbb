import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { ShellResolution } from "../../../../platforms/index.js";
import type { Executor } from "../../../../src/execution/executor/executor.js";
import { createLocalExecutor } from "../../../../src/execution/executor/local-executor.js";
import type { Launcher } from "../../../../src/execution/launch/launcher.js";
import type { ProcessManager } from "../../../../src/managed/process-manager.js";
import type { TaskSnapshot } from "../../../../src/reports/task-types.js";
import { renderRunText } from "../../../../src/text/results/render-result.js";
import { renderKill, renderTaskRead } from "../../../../src/text/results/render-task.js";
import { BASH } from "../../../fixtures/exec/resolutions.js";
import { closeTestManagers, createTestManager, waitForFinal } from "../../../managed/manager-fixture.js";
import { CONTRACT_COMMANDS } from "./launcher-contract.js";

/**
 * What is written once above the launcher seam — the foreground run (deadline, caps, spill, the
 * result text), the background task (start, read, kill, the done status) and the managed lifecycle
 * (input, wait, exit, kill) — held to the same results whatever launcher is under it: this
 * machine's, or an in-memory fake that starts no process. The commands are the launcher
 * contract's, plus `SUPERVISION_COMMANDS`; a fake launcher implements exactly these.
 */
export const SUPERVISION_COMMANDS = {
  /** 2000 numbered lines: more than the run's output cap, so the rest is spilled. */
  flood: "i=0; while [ $i -lt 2000 ]; do echo line$i; i=$((i+1)); done",
} as const;

export interface SupervisionTarget {
  readonly launcher: () => Launcher;
  /**
   * The shell runs and managed processes start in. Default: BASH, this machine's `/bin/bash` (a
   * launcher that starts processes here); a fake passes one of this host's platform (HOST_BASH).
   */
  readonly resolution?: ShellResolution;
  /** Generous per-test deadline for loaded machines. Default 30 s. */
  readonly timeoutMs?: number;
}

const DEADLINE_MS = 1500;

export function describeSupervisionContract(name: string, target: SupervisionTarget): void {
  const timeout = target.timeoutMs ?? 30_000;
  const shell = target.resolution ?? BASH;
  const scratch = mkdtempSync(path.join(os.tmpdir(), "supervision-contract-"));
  const executors: Executor[] = [];
  afterEach(async () => {
    await Promise.all(executors.splice(0).map((executor) => executor.close()));
    await closeTestManagers();
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  function executor(resolution = shell): Executor {
    const created = createLocalExecutor({
      resolution,
      cwd: scratch,
      spillDirectory: scratch,
      maxOutputBytes: 2000,
      killGraceMs: 300,
      launcher: target.launcher(),
    });
    executors.push(created);
    return created;
  }

  async function finished(exec: Executor, id: string): Promise<TaskSnapshot> {
    const done = new Promise<TaskSnapshot>((resolve) => {
      const remove = exec.onTaskDone((task) => {
        if (task.id !== id) return;
        remove();
        resolve(task);
      });
    });
    const current = (await exec.list()).find((task) => task.id === id);
    return current && current.status !== "running" ? current : done;
  }

  function manager(config: Record<string, unknown> = {}): ProcessManager {
    return createTestManager(
      { managed_stdin: true, safety_profile: "unrestricted", ...config },
      { launcher: target.launcher(), cwd: scratch, resolution: shell },
    );
  }

  describe(`the supervision contract: ${name}`, () => {
    describe("a foreground run", () => {
      it("gives stdout, a [stderr] section and the exit code", { timeout }, async () => {
        const exec = executor();
        const result = await exec.run(exec.resolve({ command: CONTRACT_COMMANDS.streams }));
        expect(renderRunText(result)).toBe("out\n[stderr]\nerr\n[exit code: 3]");
      });

      it("starts with the call's variables, and stdin at EOF", { timeout }, async () => {
        const exec = executor();
        const withValue = await exec.run(
          exec.resolve({ command: CONTRACT_COMMANDS.environment, env: { CONTRACT_VALUE: "given" } }),
        );
        expect(renderRunText(withValue)).toBe("given");
        expect(renderRunText(await exec.run(exec.resolve({ command: CONTRACT_COMMANDS.echoInput })))).toBe(
          "(no output)",
        );
      });

      it("ends the program at the deadline and says so", { timeout }, async () => {
        const exec = executor();
        const result = await exec.run(
          exec.resolve({ command: CONTRACT_COMMANDS.sleeps, timeoutMs: DEADLINE_MS }),
        );
        expect(result.timedOut).toBe(true);
        expect(result.survivors).toBeUndefined();
        expect(renderRunText(result)).toContain(`[timed out after ${DEADLINE_MS}ms]`);
      });

      it("cuts output beyond the cap, keeps head and tail, and names the spill file", {
        timeout,
      }, async () => {
        const exec = executor();
        const result = await exec.run(exec.resolve({ command: SUPERVISION_COMMANDS.flood }));
        const text = renderRunText(result);
        expect(text.startsWith("line0\n")).toBe(true);
        expect(text).toContain("line1999\n");
        expect(text).toContain(`[output truncated; full output: ${result.spill.stdout}]`);
        expect(result.totalBytes.stdout).toBe(
          Array.from({ length: 2000 }, (_, i) => `line${i}\n`).join("").length,
        );
      });

      it("refuses a program that cannot start, with nothing run", { timeout }, async () => {
        const exec = executor({ ...shell, path: "/nonexistent/bash" });
        await expect(exec.run(exec.resolve({ command: CONTRACT_COMMANDS.quick }))).rejects.toMatchObject({
          name: "ExecutionError",
          code: "spawn-failed",
          message: expect.stringContaining("/nonexistent/bash"),
        });
      });
    });

    describe("a background task", () => {
      it("starts at once, reads its output once, and ends completed with its exit code", {
        timeout,
      }, async () => {
        const exec = executor();
        const task = await exec.start(exec.resolve({ command: CONTRACT_COMMANDS.streams }));
        expect(task.status).toBe("running");
        const done = await finished(exec, task.id);
        expect(done).toMatchObject({ status: "completed", exitCode: 3 });
        const read = await exec.readOutput(task.id, undefined);
        expect([read.stdout, read.stderr]).toEqual(["out\n", "err\n"]);
        expect(renderTaskRead(read)).toContain("[status: completed, exit code: 3]");
        const again = await exec.readOutput(task.id, undefined);
        expect([again.stdout, again.stderr]).toEqual(["", ""]);
      });

      it("is killed as a tree by kill, and a second kill is a reported no-op", { timeout }, async () => {
        const exec = executor();
        const task = await exec.start(exec.resolve({ command: CONTRACT_COMMANDS.sleeps }));
        const outcome = await exec.kill(task.id, undefined);
        expect(renderKill(outcome)).toBe(`killed background task ${task.id}`);
        expect(outcome.task.status).toBe("killed");
        expect((await exec.kill(task.id, undefined)).killed).toBe(false);
      });

      it("that cannot start is a killed task with the reason in its stderr", { timeout }, async () => {
        const exec = executor({ ...shell, path: "/nonexistent/bash" });
        const task = await exec.start(exec.resolve({ command: CONTRACT_COMMANDS.quick }));
        expect((await finished(exec, task.id)).status).toBe("killed");
        expect((await exec.readOutput(task.id, undefined)).stderr).toMatch(
          /^spawn failed: .*\/nonexistent\/bash/,
        );
      });
    });

    describe("a managed process", () => {
      it("takes input until stdin is closed, then completes", { timeout }, async () => {
        const managed = manager();
        const started = await managed.start({ command: CONTRACT_COMMANDS.echoInput });
        expect(started).toMatchObject({ state: "running", stdin_allowed: true });
        await managed.write({ process_id: started.process_id, stdin: "hello\n" });
        const page = await managed.wait({ process_id: started.process_id, cursor: 0, wait_ms: 10_000 });
        expect(page.chunks).toEqual([expect.objectContaining({ stream: "stdout", text: "hello\n" })]);
        await managed.write({ process_id: started.process_id, close_stdin: true });
        expect(await waitForFinal(managed, started.process_id)).toMatchObject({
          state: "completed",
          returncode: 0,
          stdin_closed: true,
        });
      });

      it("reports a nonzero exit as failed, streams apart", { timeout }, async () => {
        const managed = manager();
        const started = await managed.start({ command: CONTRACT_COMMANDS.streams });
        const final = await waitForFinal(managed, started.process_id);
        expect(final).toMatchObject({ state: "failed", returncode: 3 });
        const text = (await managed.read({ process_id: started.process_id, cursor: 0 })).chunks.map(
          (chunk) => `${chunk.stream}:${chunk.text}`,
        );
        expect(text.sort()).toEqual(["stderr:err\n", "stdout:out\n"]);
      });

      it("runs on a terminal when asked, output in one stream", { timeout }, async () => {
        if (!(await target.launcher().canLaunchTerminal())) return;
        const managed = manager({ managed_pty: true });
        const started = await managed.start({ command: CONTRACT_COMMANDS.onTerminal, pty: true });
        expect(started).toMatchObject({ pty: true });
        const final = await waitForFinal(managed, started.process_id);
        expect(final).toMatchObject({ state: "completed", returncode: 0 });
        const chunks = (await managed.read({ process_id: started.process_id, cursor: 0 })).chunks;
        expect(chunks.map((chunk) => chunk.text).join("")).toContain("on-a-terminal");
      });

      it("is cancelled by terminate", { timeout }, async () => {
        const managed = manager();
        const started = await managed.start({ command: CONTRACT_COMMANDS.sleeps });
        await managed.terminate({ process_id: started.process_id });
        expect((await waitForFinal(managed, started.process_id)).state).toBe("cancelled");
      });
    });
  });
}
