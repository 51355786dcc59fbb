import { describe, expect, it } from "vitest";
import { assertTaskAccess } from "../../../src/execution/tasks/task-access.js";
import type { TaskRead, TaskSnapshot } from "../../../src/reports/task-types.js";
import {
  renderKill,
  renderTaskDoneNotice,
  renderTaskRead,
  renderTaskStarted,
  renderTaskStatus,
} from "../../../src/text/results/render-task.js";

function task(overrides: Partial<TaskSnapshot> = {}): TaskSnapshot {
  return {
    id: "bash-1",
    command: "x",
    owner: undefined,
    status: "running",
    exitCode: null,
    signal: null,
    killRequested: false,
    pid: 1,
    startedAt: 0,
    workdir: "/",
    ...overrides,
  };
}

function read(overrides: Partial<TaskRead> = {}): TaskRead {
  return {
    task: task(),
    stdout: "",
    stderr: "",
    lostBytes: { stdout: 0, stderr: 0 },
    lossy: false,
    spill: {},
    ...overrides,
  };
}

describe("task text (dsh)", () => {
  it("status lines", () => {
    expect(renderTaskStatus(task())).toBe("[status: running]");
    expect(renderTaskStatus(task({ status: "completed", exitCode: 2 }))).toBe(
      "[status: completed, exit code: 2]",
    );
    expect(renderTaskStatus(task({ status: "completed", exitCode: null }))).toBe(
      "[status: completed, exit code: 0]",
    );
    expect(renderTaskStatus(task({ status: "killed", signal: "SIGTERM", killRequested: true }))).toBe(
      "[status: killed]",
    );
    expect(renderTaskStatus(task({ status: "killed", signal: "SIGSEGV" }))).toBe(
      "[status: killed by SIGSEGV]",
    );
  });

  it("delta with a [stderr] section, or (no new output)", () => {
    expect(renderTaskRead(read({ stdout: "a", stderr: "b\n" }))).toBe("a\n[stderr]\nb\n[status: running]");
    expect(renderTaskRead(read())).toBe("(no new output)\n[status: running]");
  });

  it("lossy reads point at the spill files, or say (unavailable)", () => {
    expect(
      renderTaskRead(
        read({ stdout: "tail\n", lossy: true, spill: { stdout: "/s/out.log", stderr: "/s/err.log" } }),
      ),
    ).toBe(
      "tail\n[some output was dropped from memory; full output: /s/out.log, /s/err.log]\n[status: running]",
    );
    expect(renderTaskRead(read({ lossy: true, spill: { stdout: null } }))).toContain(
      "full output: (unavailable)]",
    );
  });

  it("lossy reads of a remote target's task say where the spill file is", () => {
    expect(
      renderTaskRead(read({ lossy: true, spill: { stdout: "/s/out.log", stderr: null } }), {
        spillOnHost: true,
      }),
    ).toContain("full output: /s/out.log (on the machine shellgate runs on, not in the target)]");
  });

  it("start, kill and done texts", () => {
    expect(renderTaskStarted(task())).toBe("started background task bash-1");
    expect(renderKill({ killed: true, task: task() })).toBe("killed background task bash-1");
    expect(renderKill({ killed: false, task: task() })).toBe("task bash-1 had already finished");
    expect(renderTaskDoneNotice(task({ status: "completed", exitCode: 0 }))).toBe(
      "background bash task bash-1 finished [status: completed, exit code: 0]. Read its output with bash_output.",
    );
  });

  it("ownership: unowned is open, owned only to its owner (an empty string is an owner)", () => {
    expect(() => assertTaskAccess("bash-1", undefined, "anyone")).not.toThrow();
    expect(() => assertTaskAccess("bash-1", "a", "a")).not.toThrow();
    expect(() => assertTaskAccess("bash-1", "a", "b")).toThrow("task bash-1 belongs to another session");
    expect(() => assertTaskAccess("bash-1", "a", undefined)).toThrow("belongs to another session");
    expect(() => assertTaskAccess("bash-1", "", undefined)).toThrow("belongs to another session");
  });
});
