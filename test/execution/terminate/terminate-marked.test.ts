import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createShellgate } from "../../../src/api/create-shellgate.js";
import { createLocalExecutor } from "../../../src/execution/executor/local-executor.js";
import { markedPidsFromPsOutput } from "../../../src/execution/terminate/marked-processes.js";
import { isProcessAlive } from "../../../src/execution/terminate/process-alive.js";
import { killQuietly, survivors } from "../../fixtures/exec/helpers.js";
import { BASH } from "../../fixtures/exec/resolutions.js";

const scratch = mkdtempSync(path.join(os.tmpdir(), "marked-"));
const leftovers: number[] = [];
afterEach(() => killQuietly(leftovers.splice(0)));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// The run waits (on a fifo) until the daemon has left its process group: a child still in the group
// when the shell exits is a background child, which the run itself ends, and on a loaded machine
// the shell can exit before the child has even reached setsid().
const ESCAPE = [
  'f="./escapee-$$.fifo"; rm -f "$f"; mkfifo "$f"',
  `setsid sh -c 'echo out > "$1"; exec sleep 300' sh "$f" >/dev/null 2>&1 </dev/null &`,
  'read -r _ < "$f"; rm -f "$f"; echo PID=$!',
].join("\n");
// A SIGKILLed process takes a moment to leave the process table, and longer on a loaded machine
// (2 cores under the whole suite): the deadline is for that, not for close() to act.
const GONE_DEADLINE_MS = 10_000;
const TEST_TIMEOUT_MS = 90_000;

describe("markedPidsFromPsOutput (macOS ps -E)", () => {
  it("finds whole-word NAME=VALUE in the environment part, never itself or a prefix", () => {
    const text = [
      "  101 sleep 300 PATH=/bin SHELLGATE_INSTANCE=abc HOME=/h",
      "  102 sleep 300 SHELLGATE_INSTANCE=abcdef",
      "  103 grep SHELLGATE_INSTANCE=abc",
      "  104 bash -c x SHELLGATE_INSTANCE=abc",
      "  105 echo XSHELLGATE_INSTANCE=abc",
    ].join("\n");
    expect(markedPidsFromPsOutput(text, "SHELLGATE_INSTANCE", "abc", 103)).toEqual([101, 104]);
  });
});

describe.skipIf(process.platform !== "linux" && process.platform !== "darwin")(
  "close() ends marked escapees",
  () => {
    it(
      "executor.close() ends a setsid daemon with its pipes closed that the foreground run left",
      async () => {
        const exec = createLocalExecutor({
          resolution: BASH,
          cwd: scratch,
          spillDirectory: scratch,
          killGraceMs: 300,
        });
        const result = await exec.run(exec.resolve({ command: ESCAPE }));
        const pid = Number(/PID=(\d+)/.exec(result.stdout)?.[1]);
        leftovers.push(pid);
        expect(isProcessAlive(pid)).toBe(true);
        await exec.close();
        expect(await survivors([pid], GONE_DEADLINE_MS)).toEqual([]);
      },
      TEST_TIMEOUT_MS,
    );

    it(
      "shellgate.close() does the same for a background task's escapee",
      async () => {
        const shellgate = await createShellgate(
          { safety_profile: "unrestricted", spill_dir: scratch },
          { cwd: scratch },
        );
        const task = await shellgate.executor.start(
          shellgate.executor.resolve({ command: `${ESCAPE}; sleep 300` }),
        );
        // Until the task has printed its escapee's pid: a deadline, not a count, so load only slows it.
        let pid = 0;
        const deadline = Date.now() + 60_000;
        while (pid === 0 && Date.now() < deadline) {
          const read = await shellgate.executor.readOutput(task.id, undefined);
          pid = Number(/PID=(\d+)/.exec(read.stdout)?.[1] ?? 0);
          if (pid === 0) await new Promise((resolve) => setTimeout(resolve, 25));
        }
        leftovers.push(pid);
        expect(isProcessAlive(pid)).toBe(true);
        await shellgate.close();
        expect(await survivors([pid], GONE_DEADLINE_MS)).toEqual([]);
      },
      TEST_TIMEOUT_MS,
    );
  },
);
