import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { SpillDirectory } from "../../../src/execution/io/spill-directory.js";
import { createLocalLauncher } from "../../../src/execution/launch/local-launcher.js";
import { belowShellControl } from "../../../src/execution/session/below-shell-control.js";
import type { LaunchedResidentShell } from "../../../src/execution/session/launched-resident-shell.js";
import { openLaunchedSession } from "../../../src/execution/session/open-launched-session.js";
import { waitUntilGone } from "../../../src/execution/terminate/process-alive.js";
import { BASH } from "../../fixtures/exec/resolutions.js";

// A Windows session's shape, run for real on Linux: a launched shell on its two streams whose
// command is ended by the processes below the pid the shell reported (as Git Bash reports its
// Windows pid), never by an interrupt. /proc stands in for /proc/$$/winpid.
const linux = process.platform === "linux";
const scratch = mkdtempSync(path.join(os.tmpdir(), "below-shell-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const opened: LaunchedResidentShell[] = [];
afterEach(async () => {
  for (const shell of opened.splice(0)) await shell.close();
});

/** The pid from /proc/$$/stat's first field, with builtins only, as the Windows line reads winpid. */
const PROC_PID_LINE = "{ read -r __sg_pid _ </proc/$$/stat; } 2>/dev/null || __sg_pid=0";

async function open(pidLine = PROC_PID_LINE): Promise<LaunchedResidentShell> {
  const shell = await openLaunchedSession({
    resolution: BASH,
    cwd: scratch,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: scratch },
    spillDirectory: new SpillDirectory(scratch),
    launcher: createLocalLauncher(),
    control: belowShellControl({ platform: "linux", pidLine, temporaryDirectory: scratch }),
    graceMs: 500,
    killBackgroundChildren: true,
  });
  opened.push(shell);
  return shell;
}

async function run(shell: LaunchedResidentShell, command: string, stopAfter?: RegExp) {
  let stdout = "";
  let stopping: Promise<void> | undefined;
  const frame = shell.run({
    command,
    onStdout: (chunk) => {
      stdout += chunk.toString();
      if (stopAfter?.test(stdout)) stopping ??= frame.interrupt();
    },
    onStderr: () => undefined,
  });
  const end = await frame.finished;
  await stopping;
  return { stdout, end };
}

describe.runIf(linux)("a launched session ended below the shell (the Windows shape)", () => {
  it("numbers the shell by the pid its line reported, and keeps cd and export", async () => {
    const shell = await open();
    expect((await run(shell, "echo $$")).stdout).toBe(`${shell.pid}\n`);
    await run(shell, "cd / && export BELOW=1");
    expect((await run(shell, 'pwd; echo "$BELOW"')).stdout).toBe("/\n1\n");
  });

  it("a stop ends the command's processes, the frame's tail runs, and the session lives on", async () => {
    const shell = await open();
    const pid = shell.pid;
    const { stdout, end } = await run(shell, "sleep 301 & echo child $!; sleep 302", /child \d+\n/);
    const child = Number(/child (\d+)/.exec(stdout)?.[1]);
    expect(end.kind).toBe("completed");
    if (end.kind === "completed") {
      expect(end.record.status).not.toBe(0);
      expect(end.termination?.pids).toContain(child);
      expect(end.termination?.survivors).toEqual([]);
    }
    expect(await waitUntilGone([child], 5000)).toBe(true);
    expect((await run(shell, "echo $$")).stdout).toBe(`${pid}\n`);
    expect(shell.alive).toBe(true);
  });

  it("a loop of builtins has no process to end: the session ends and says why", async () => {
    const shell = await open();
    const { end } = await run(shell, "echo go; while :; do :; done", /go\n/);
    expect(end.kind).toBe("shell-ended");
    if (end.kind === "shell-ended") expect(end.reason).toContain("did not come back");
    expect(shell.alive).toBe(false);
  });

  it("close() during a command leaves no process, even when the shell reported no pid", async () => {
    for (const pidLine of [PROC_PID_LINE, "__sg_pid=0"]) {
      const shell = await open(pidLine);
      let stdout = "";
      let seen: (text: string) => void = () => undefined;
      const printed = new Promise<string>((resolve) => {
        seen = resolve;
      });
      const frame = shell.run({
        command: "echo $$; sleep 303 & echo $!; sleep 304",
        onStdout: (chunk) => {
          stdout += chunk.toString();
          if (stdout.split("\n").length > 2) seen(stdout);
        },
        onStderr: () => undefined,
      });
      const [shellPid, child] = (await printed).trim().split(/\s+/).map(Number);
      expect(shell.pid).toBe(pidLine === PROC_PID_LINE ? shellPid : 0);
      await shell.close();
      await frame.finished;
      expect(await waitUntilGone([shellPid!, child!], 10_000)).toBe(true);
    }
  });
});
