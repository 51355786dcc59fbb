import { type ChildProcess, spawn } from "node:child_process";
import { tmpdir } from "node:os";
import { afterEach, describe, expect, it } from "vitest";
import {
  containProcess,
  setLauncherForTesting,
  startContained,
} from "../../../src/execution/containment/contain-process.js";
import { findLauncher } from "../../../src/execution/containment/launcher-file.js";
import type { ProcessJob } from "../../../src/execution/containment/process-job.js";
import { jobOf, startProcess } from "../../../src/execution/spawn/start-process.js";
import { isProcessAlive } from "../../../src/execution/terminate/process-alive.js";
import { HOSTILE_ARGUMENTS } from "../support/hostile-strings.js";
import { nativeFixture } from "../support/native-fixtures.js";
import { killEach, stillAlive } from "../support/process-tree.js";
import { environmentWithPathFirst } from "../support/run-plan.js";
import { onWindows } from "../support/windows-host.js";

// A program that creates a child on its very first step (test/windows/fixtures/fork-at-once.c) is
// the case assign-after-spawn cannot win: that child can be born before the root is assigned (shown
// here by waiting for the child before shellgate touches the job at all). The launcher
// (native/windows/shellgate-launch.c) starts the program only once it has been put in the job and
// handed a handle to it, so the child is inside however early it is created.
const fixture = onWindows ? nativeFixture("fork-at-once") : { missing: "not Windows" };
const reason = "missing" in fixture ? fixture.missing : undefined;
const started: number[] = [];
const jobs: ProcessJob[] = [];
afterEach(() => {
  setLauncherForTesting(undefined, true);
  for (const job of jobs.splice(0)) job.close();
  killEach(started.splice(0));
});

const marker = `shellgate-launcher-${process.pid}`;

/** Resolves with the child's pid once the root has printed it (the child exists by then). */
function childOf(root: ChildProcess): Promise<number> {
  if (root.pid !== undefined) started.push(root.pid);
  return new Promise((resolve, reject) => {
    let text = "";
    root.stdout?.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      const match = /child (\d+)/.exec(text);
      if (match) {
        started.push(Number(match[1]));
        resolve(Number(match[1]));
      }
    });
    root.stderr?.on("data", (chunk: Buffer) => {
      text += chunk.toString();
    });
    root.on("error", reject);
    root.on("exit", (code) => reject(new Error(`the root exited (${code}) early: ${text}`)));
  });
}

/** Starts a native program on shellgate's own spawn path (startProcess), as every run does. */
function startOnShellgatePath(file: string, args: readonly string[]): ChildProcess {
  const child = startProcess(
    { file, args, cwd: tmpdir(), detached: false, windowsHide: true, crossSpawn: false },
    { env: environmentWithPathFirst() },
  );
  const job = jobOf(child);
  if (job) jobs.push(job);
  return child;
}

function collect(child: ChildProcess): Promise<{ stdout: string; stderr: string; code: number | null }> {
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  child.stdout?.on("data", (chunk: Buffer) => stdout.push(chunk));
  child.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) =>
      resolve({ stdout: Buffer.concat(stdout).toString(), stderr: Buffer.concat(stderr).toString(), code }),
    );
  });
}

describe.skipIf(!onWindows)("the Windows launcher", () => {
  it("ships with the package, so a fresh install needs no compiler", () => {
    expect(findLauncher()).toMatch(/native[\\/]windows[\\/]shellgate-launch-x64\.exe$/);
  });

  it("passes the program's arguments on byte for byte and returns its exit code", {
    timeout: 60_000,
  }, async () => {
    const script = "process.stdout.write(JSON.stringify(process.argv.slice(1))); process.exitCode = 42";
    const child = startOnShellgatePath(process.execPath, ["-e", script, ...HOSTILE_ARGUMENTS]);
    const job = jobOf(child);
    expect(job?.startedInside).toBe(true);

    const outcome = await collect(child);

    expect(outcome.stderr).toBe("");
    expect(JSON.parse(outcome.stdout)).toEqual(HOSTILE_ARGUMENTS);
    expect(outcome.code).toBe(42);
  });

  it("starts nothing until it is handed its job, and says so when it never is", {
    timeout: 60_000,
  }, async () => {
    const child = spawn(findLauncher() as string, ["@", process.execPath, "-e", "console.log('ran')"], {
      stdio: ["ignore", "pipe", "pipe"],
      windowsHide: true,
      env: { ...process.env, SHELLGATE_LAUNCH_WAIT_MS: "300" },
    });

    const outcome = await collect(child);

    expect(outcome.code).toBe(126);
    expect(outcome.stdout).toBe("");
    expect(outcome.stderr).toMatch(/^shellgate-launch: no Job Object was handed over/);
  });

  it("takes no job name (a name is what let a member open its own job)", { timeout: 60_000 }, async () => {
    const child = spawn(
      findLauncher() as string,
      ["Local\\shellgate-some-job", process.execPath, "-e", "console.log('ran')"],
      { stdio: ["ignore", "pipe", "pipe"], windowsHide: true },
    );

    const outcome = await collect(child);

    expect(outcome.code).toBe(126);
    expect(outcome.stdout).toBe("");
    expect(outcome.stderr).toMatch(/^shellgate-launch: usage: shellgate-launch @ PROGRAM/);
  });
});

describe.skipIf(reason !== undefined)(
  `a program that starts a child at once${reason ? ` (${reason})` : ""}`,
  () => {
    it("is contained with its child through the launcher, which waits for its job", {
      timeout: 60_000,
    }, async () => {
      const target = { file: (fixture as { path: string }).path, args: ["root", marker], verbatim: false };
      const start = startContained(target);
      expect(start.launcher).toBeDefined();
      const root = spawn(start.launcher!.file, [...start.launcher!.args], {
        stdio: ["ignore", "pipe", "pipe"],
        windowsHide: true,
      });
      const containment = start.contain(root.pid);
      if (containment.kind !== "job-object") throw new Error(containment.reason);
      jobs.push(containment.job);
      const child = await childOf(root);
      expect(containment.job.startedInside).toBe(true);
      expect(containment.job.members()).toContain(child);

      const report = await containment.job.terminate();

      expect(report.survivors).toEqual([]);
      expect(await stillAlive([root.pid as number, child])).toEqual([]);
    });

    it("escapes a job it is assigned to after the spawn (the race the launcher closes)", {
      timeout: 60_000,
    }, async () => {
      const root = spawn((fixture as { path: string }).path, ["root", marker], {
        stdio: ["ignore", "pipe", "pipe"],
        windowsHide: true,
      });
      const child = await childOf(root);

      const containment = containProcess(root.pid);
      if (containment.kind !== "job-object") throw new Error(containment.reason);
      jobs.push(containment.job);
      expect(containment.job.startedInside).toBe(false);
      expect(containment.job.members()).not.toContain(child);

      await containment.job.terminate();

      expect(await stillAlive([root.pid as number])).toEqual([]);
      expect(isProcessAlive(child)).toBe(true);
    });

    it("is contained whole on shellgate's own spawn path", { timeout: 60_000 }, async () => {
      const root = startOnShellgatePath((fixture as { path: string }).path, ["root", marker]);
      const job = jobOf(root);
      const child = await childOf(root);

      expect(job?.startedInside).toBe(true);
      job?.close(); // kill on close

      expect(await stillAlive([root.pid as number, child])).toEqual([]);
    });
  },
);
