import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createLocalExecutor } from "../../../src/execution/executor/local-executor.js";
import { renderRunText } from "../../../src/text/results/render-result.js";
import { renderKill, renderTaskRead } from "../../../src/text/results/render-task.js";
import { killQuietly } from "../../fixtures/exec/helpers.js";
import { BASH } from "../../fixtures/exec/resolutions.js";
import { hasSetsid } from "../../support/platform.js";

const scratch = mkdtempSync(path.join(os.tmpdir(), "supervise-"));
const leftovers: number[] = [];
afterEach(() => killQuietly(leftovers.splice(0)));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// A process that drops both of shellgate's markers and leaves the session from a subshell that
// exits at once: no parent link, group or marker leads to it. It keeps the run's stdout, prints
// its pid there, and sleeps.
const ESCAPEE =
  "(env -u SHELLGATE_INSTANCE -u SHELLGATE_RUN setsid sh -c 'echo ESCAPEE=$$; exec sleep 300' &)";

function escapeePid(text: string): number {
  const pid = Number(/ESCAPEE=(\d+)/.exec(text)?.[1]);
  if (pid > 0) leftovers.push(pid);
  return pid;
}

const NOT_SEEN = /\[not seen to die: a process that left the process tree .* it may still be running\]/;

describe.skipIf(!hasSetsid)("what left the tree unseen is reported as not seen to die, never as gone", () => {
  it("a foreground run whose output an escaped process still holds says so", async () => {
    const exec = createLocalExecutor({ resolution: BASH, cwd: scratch, spillDirectory: scratch });
    try {
      const result = await exec.run(exec.resolve({ command: `${ESCAPEE}; sleep 0.2` }));
      expect(escapeePid(result.stdout)).toBeGreaterThan(0);
      expect(result.exitCode).toBe(0);
      expect(result.outputHeldOpen).toBe(true);
      expect(renderRunText(result)).toMatch(NOT_SEEN);
    } finally {
      await exec.close();
    }
  });

  it("a killed background task with such an escapee is 'stopped', not 'killed', in every text", async () => {
    const exec = createLocalExecutor({
      resolution: BASH,
      cwd: scratch,
      spillDirectory: scratch,
      killGraceMs: 300,
    });
    try {
      const task = await exec.start(exec.resolve({ command: `${ESCAPEE}; sleep 300` }));
      let seen = "";
      for (let attempt = 0; attempt < 400 && !/ESCAPEE=\d+\n/.test(seen); attempt++) {
        seen += (await exec.readOutput(task.id, undefined)).stdout;
        if (!/ESCAPEE=\d+\n/.test(seen)) await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(escapeePid(seen)).toBeGreaterThan(0);
      const outcome = await exec.kill(task.id, undefined);
      expect(outcome.task.outputHeldOpen).toBe(true);
      const text = renderKill(outcome);
      expect(text).toMatch(
        /^stopped background task \S+'s process tree, but not everything it started was seen to die:\n/,
      );
      expect(text).not.toMatch(/^killed/);
      expect(text).toMatch(NOT_SEEN);
      expect(renderTaskRead(await exec.readOutput(task.id, undefined))).toMatch(NOT_SEEN);
    } finally {
      await exec.close();
    }
  });

  it("an ordinary run, and a background child that was found and killed, report nothing of the kind", async () => {
    const exec = createLocalExecutor({
      resolution: BASH,
      cwd: scratch,
      spillDirectory: scratch,
      killGraceMs: 300,
    });
    try {
      const plain = await exec.run(exec.resolve({ command: "echo hi" }));
      expect(plain.outputHeldOpen).toBeUndefined();
      const child = await exec.run(exec.resolve({ command: "sleep 300 & echo started" }));
      expect(child.backgroundChildren?.killed).toBe(true);
      expect(child.outputHeldOpen).toBeUndefined();
      expect(renderRunText(child)).not.toMatch(/not seen to die/);
      const task = await exec.start(exec.resolve({ command: "sleep 300" }));
      expect(renderKill(await exec.kill(task.id, undefined))).toBe(`killed background task ${task.id}`);
    } finally {
      await exec.close();
    }
  });
});
