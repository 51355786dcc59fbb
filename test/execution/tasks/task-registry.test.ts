import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { Executor } from "../../../src/execution/executor/executor.js";
import { createLocalExecutor } from "../../../src/execution/executor/local-executor.js";
import { TaskAccessError } from "../../../src/execution/tasks/task-access.js";
import type { TaskSnapshot } from "../../../src/reports/task-types.js";
import { renderKill, renderTaskRead } from "../../../src/text/results/render-task.js";
import { killQuietly, survivors } from "../../fixtures/exec/helpers.js";
import { BASH } from "../../fixtures/exec/resolutions.js";

const scratch = mkdtempSync(path.join(os.tmpdir(), "tasks-test-"));
const executors: Executor[] = [];
const leftovers: number[] = [];

function executor(extra: Partial<Parameters<typeof createLocalExecutor>[0]> = {}): Executor {
  const created = createLocalExecutor({
    resolution: BASH,
    cwd: scratch,
    spillDirectory: scratch,
    killGraceMs: 300,
    ...extra,
  });
  executors.push(created);
  return created;
}

async function done(target: Executor, id: string): Promise<TaskSnapshot> {
  const waiting = new Promise<TaskSnapshot>((resolve) => {
    const remove = target.onTaskDone((task) => {
      if (task.id === id) {
        remove();
        resolve(task);
      }
    });
  });
  // The task may have finished before the listener was added (a spawn error arrives quickly).
  const current = (await target.list()).find((task) => task.id === id);
  return current && current.status !== "running" ? current : waiting;
}

afterEach(async () => {
  await Promise.all(executors.splice(0).map((entry) => entry.close()));
  killQuietly(leftovers.splice(0));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("background tasks", () => {
  it("start returns at once with an unguessable id; reads return each output once, then the status", async () => {
    const exec = executor();
    const started = Date.now();
    const task = await exec.start(
      exec.resolve({ command: "echo one; echo two >&2; read -t 0.3 x; echo three" }),
    );
    // "At once" is before the command ends, which task.status shows; the bound only rules out a
    // start that waited, with room for a loaded 2-core machine.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(task.id).toMatch(/^bash-[0-9a-f]{16}$/);
    expect(task.status).toBe("running");
    const finished = await done(exec, task.id);
    expect(finished.status).toBe("completed");
    const first = await exec.readOutput(task.id, undefined);
    expect(renderTaskRead(first)).toBe("one\nthree\n[stderr]\ntwo\n[status: completed, exit code: 0]");
    expect(renderTaskRead(await exec.readOutput(task.id, undefined))).toBe(
      "(no new output)\n[status: completed, exit code: 0]",
    );
  });

  it("applies no timeout and is killed as a tree by bash_kill; killing again is a reported no-op", async () => {
    const exec = executor({ defaultTimeout: 1 });
    const task = await exec.start(exec.resolve({ command: "echo PID=$$; sleep 300 & echo PID=$!; wait" }));
    await new Promise((resolve) => setTimeout(resolve, 1300));
    const running = await exec.readOutput(task.id, undefined);
    expect(running.task.status).toBe("running");
    const pids = [...running.stdout.matchAll(/PID=(\d+)/g)].map((match) => Number(match[1]));
    leftovers.push(...pids);
    expect(pids).toHaveLength(2);
    const killed = await exec.kill(task.id, undefined);
    expect(renderKill(killed)).toBe(`killed background task ${task.id}`);
    expect(killed.task.status).toBe("killed");
    expect(await survivors(pids, 0)).toEqual([]);
    expect(renderKill(await exec.kill(task.id, undefined))).toBe(`task ${task.id} had already finished`);
    expect(renderTaskRead(await exec.readOutput(task.id, undefined))).toMatch(/\[status: killed\]$/);
  });

  it("fences tasks by owner; unowned tasks are open; unknown ids are errors", async () => {
    const exec = executor();
    const owned = await exec.start(exec.resolve({ command: "true", owner: "session-a" }));
    await expect(exec.readOutput(owned.id, "session-b")).rejects.toThrow(
      `task ${owned.id} belongs to another session`,
    );
    await expect(exec.kill(owned.id, undefined)).rejects.toBeInstanceOf(TaskAccessError);
    await expect(exec.readOutput(owned.id, "session-a")).resolves.toBeDefined();
    const open = await exec.start(exec.resolve({ command: "true" }));
    await expect(exec.readOutput(open.id, "anyone")).resolves.toBeDefined();
    await expect(exec.readOutput("bash-0000000000000000", undefined)).rejects.toThrow(
      'unknown bash task "bash-0000000000000000"',
    );
    expect((await exec.list({ owner: "session-b" })).map((task) => task.id)).toEqual([open.id]);
    expect(exec.ownerOf(owned.id)).toBe("session-a");
  });

  it("fires onTaskDone exactly once per task, and a throwing listener does not affect the others", async () => {
    const errors: unknown[] = [];
    const exec = executor({ onListenerError: (error) => errors.push(error) });
    const seen: string[] = [];
    exec.onTaskDone(() => {
      throw new Error("bad listener");
    });
    exec.onTaskDone((task) => seen.push(task.id));
    const first = await exec.start(exec.resolve({ command: "true" }));
    const second = await exec.start(exec.resolve({ command: "exit 3" }));
    const secondDone = done(exec, second.id);
    await done(exec, first.id);
    expect((await secondDone).exitCode).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.sort()).toEqual([first.id, second.id].sort());
    expect(errors).toHaveLength(2);
  });

  it("reports reads that lost data to the memory bound, pointing at the spill file", async () => {
    const exec = executor({ backgroundMaxOutputBytes: 4096 });
    const task = await exec.start(exec.resolve({ command: "seq 1 20000" }));
    await done(exec, task.id);
    const read = await exec.readOutput(task.id, undefined);
    expect(read.lossy).toBe(true);
    expect(read.stdout.endsWith("20000\n")).toBe(true);
    const spill = read.spill.stdout as string;
    expect(renderTaskRead(read)).toContain(`[some output was dropped from memory; full output: ${spill}]`);
    expect(readFileSync(spill, "utf8").split("\n")).toHaveLength(20001);
  });

  it("close() kills every running task and waits for each tree to be gone", async () => {
    const exec = executor();
    const tasks = await Promise.all(
      [1, 2].map(() => exec.start(exec.resolve({ command: "trap '' TERM; echo PID=$$; sleep 300" }))),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const pids = tasks.map((task) => task.pid as number);
    leftovers.push(...pids);
    await exec.close();
    expect(await survivors(pids, 0)).toEqual([]);
    await expect(exec.start(exec.resolve({ command: "true" }))).rejects.toThrow(/closed/);
  });

  it("a start that cannot spawn is a killed task with the reason in its stderr", async () => {
    const exec = executor({ resolution: { ...BASH, path: "/no/such/bash" } });
    const task = await exec.start(exec.resolve({ command: "true" }));
    const finished = await done(exec, task.id);
    expect(finished.status).toBe("killed");
    expect((await exec.readOutput(task.id, undefined)).stderr).toContain(
      "spawn failed: cannot start the shell /no/such/bash",
    );
  });
});
