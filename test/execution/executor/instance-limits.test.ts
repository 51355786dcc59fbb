import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createLocalExecutor } from "../../../src/execution/executor/local-executor.js";
import { ExecutionError } from "../../../src/execution/run/execution-error.js";
import type { TaskSnapshot } from "../../../src/reports/task-types.js";
import { HOST_BASH } from "../../fixtures/exec/host-resolution.js";
import { BASH } from "../../fixtures/exec/resolutions.js";
import { createFakeLauncher, FAKE_PROGRAMS, type FakeProgram } from "../../support/fake-launcher.js";
import { onWindows } from "../../support/platform.js";

const scratch = mkdtempSync(path.join(os.tmpdir(), "instance-limits-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function spillFiles(base: string): string[] {
  if (!existsSync(base)) return [];
  return readdirSync(base).flatMap((name) =>
    readdirSync(path.join(base, name)).map((file) => path.join(base, name, file)),
  );
}

const runsUntilKilled: FakeProgram = () => undefined;

describe("per-instance limits", () => {
  // The limit is the task registry's, above the launcher: an in-memory launcher keeps the tasks
  // running on any host (no bash needed), so the count is the test's, not the machine's.
  it("refuses a background start beyond max_background_tasks, listing the running ones", async () => {
    const exec = createLocalExecutor({
      resolution: HOST_BASH,
      cwd: scratch,
      spillDirectory: scratch,
      maxBackgroundTasks: 2,
      killGraceMs: 300,
      launcher: createFakeLauncher({
        ...FAKE_PROGRAMS,
        "sleep 300": runsUntilKilled,
        "sleep 301": runsUntilKilled,
        "sleep 302": runsUntilKilled,
      }),
    });
    const first = await exec.start(exec.resolve({ command: "sleep 300", owner: "a" }));
    const second = await exec.start(exec.resolve({ command: "sleep 301", owner: "b" }));
    const error = await exec
      .start(exec.resolve({ command: "sleep 302", owner: "a" }))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ExecutionError);
    expect((error as ExecutionError).code).toBe("background-limit");
    expect((error as ExecutionError).message).toBe(
      `Background task limit of 2 reached (max_background_tasks); running: ${first.id} (sleep 300), 1 of another session. Stop one with bash_kill or wait for one to finish, then start again.`,
    );
    await exec.kill(second.id, "b");
    const third = await exec.start(exec.resolve({ command: "true", owner: "a" }));
    expect(third.status).toBe("running");
    await exec.close();
  });

  // These run the POSIX bash fixture; the limits are the same code on every OS.
  it.skipIf(onWindows)(
    "stops every spill copy at spill_total_max_bytes with the 'this copy stopped at' line",
    async () => {
      const base = mkdtempSync(path.join(scratch, "budget-"));
      const exec = createLocalExecutor({
        resolution: BASH,
        cwd: scratch,
        spillDirectory: base,
        maxOutputBytes: 1024,
        spillTotalMaxBytes: 300_000,
      });
      const results = [
        await exec.run(exec.resolve({ command: "head -c 200000 /dev/zero | tr '\\0' a" })),
        await exec.run(exec.resolve({ command: "head -c 200000 /dev/zero | tr '\\0' b" })),
      ];
      const sizes = results.map((result) => readFileSync(result.spill.stdout as string, "utf8"));
      expect(sizes[0]).toBe("a".repeat(200_000));
      expect(sizes[1]).toMatch(
        /^b{100000}\n\[shellgate: this copy stopped at 100000 bytes \(spill_total_max_bytes\); the stream was 200000 bytes\]\n$/,
      );
      await exec.close();
      // Named in a result: they stay after close (removed later by age).
      expect(results.every((result) => existsSync(result.spill.stdout as string))).toBe(true);
    },
  );

  // These run the POSIX bash fixture; the limits are the same code on every OS.
  it.skipIf(onWindows)(
    "close() removes the spill files no result named, and the empty directory",
    async () => {
      const base = mkdtempSync(path.join(scratch, "unnamed-"));
      const exec = createLocalExecutor({
        resolution: BASH,
        cwd: scratch,
        spillDirectory: base,
        backgroundMaxOutputBytes: 4096,
      });
      const task = await exec.start(exec.resolve({ command: "seq 1 100000" }));
      await new Promise<TaskSnapshot>((resolve) => {
        exec.onTaskDone((done) => {
          if (done.id === task.id) resolve(done);
        });
      });
      expect(spillFiles(base).length).toBe(1);
      await exec.close();
      expect(spillFiles(base)).toEqual([]);
      expect(readdirSync(base)).toEqual([]);
    },
  );
});
