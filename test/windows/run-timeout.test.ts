import { afterEach, describe, expect, it } from "vitest";
import { runCommand } from "../../src/execution/run/run-command.js";
import { killEach, stillAlive, writeTreeScript } from "./support/process-tree.js";
import { NO_BASH, quoteWord } from "./support/run-plan.js";
import { useTemporaryDirectories } from "./support/temporary-directory.js";
import { onWindows } from "./support/windows-host.js";

// A run that times out must take its whole tree with it. Through the no-bash fallback this runs under
// Wine as well as on windows-latest (the Git Bash variant is in git-bash.test.ts).
const temporaryDirectory = useTemporaryDirectories("shellgate-run-timeout-");
const started: number[] = [];
afterEach(() => killEach(started.splice(0)));

describe.runIf(onWindows)("runCommand timeout on win32", () => {
  it("ends a node → node → node tree whole and reports the timeout", async () => {
    const script = writeTreeScript(temporaryDirectory());
    const result = await runCommand(`node ${quoteWord(script)} 3`, { resolution: NO_BASH, timeout: 4 });
    const pids = (/READY([\d ]+)/.exec(result.stdout)?.[1] ?? "").trim().split(/\s+/).map(Number);
    started.push(...pids);
    expect(result.timedOut).toBe(true);
    expect(pids).toHaveLength(3);
    expect(await stillAlive(pids)).toEqual([]);
  });
});
