import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCommand } from "../../../src/execution/run/run-command.js";
import { nativeFixture } from "../support/native-fixtures.js";
import { killEach, stillAlive } from "../support/process-tree.js";
import { NO_BASH, quoteWord } from "../support/run-plan.js";
import { useTemporaryDirectories } from "../support/temporary-directory.js";
import { onWindows } from "../support/windows-host.js";

// A member that tries to leave its job (test/windows/fixtures/job-tamper.c): it looks for the job
// by name, among its own handles and in every ancestor's handle table (node.exe's included), allows
// breakaway on whatever it gets, and starts an escapee through a hop that exits, so no parent link
// leads to it. The job is unnamed, the launcher's copy of the handle is closed before the program
// starts, and shellgate's own handle cannot change the limits: breakaway stays refused, the escapee
// is born inside, and the timeout ends it. Whatever outlives the kill must be reported as a survivor.
const fixture = onWindows ? nativeFixture("job-tamper") : { missing: "not Windows" };
const reason = "missing" in fixture ? fixture.missing : undefined;
const escapees: number[] = [];
afterEach(() => killEach(escapees.splice(0)));
const temporaryDirectory = useTemporaryDirectories("shellgate-job-tamper-");

function count(text: string, label: string): number {
  const match = new RegExp(`^${label} (\\d+)`, "m").exec(text);
  if (!match) throw new Error(`no "${label}" line in: ${text}`);
  return Number(match[1]);
}

describe.skipIf(reason !== undefined)(
  `a member that tries to leave its job${reason ? ` (${reason})` : ""}`,
  () => {
    it("cannot reach the job to allow breakaway, and its escapee ends at the timeout", {
      timeout: 120_000,
    }, async () => {
      const pidfile = join(temporaryDirectory(), "escapee.pid");
      const command = [(fixture as { path: string }).path, "tamper", pidfile].map(quoteWord).join(" ");

      // The fixture is ready about 0.1 s after it starts under Wine; 10 s leaves a loaded machine room.
      const result = await runCommand(command, { resolution: NO_BASH, timeoutMs: 10_000 });

      expect(result.stdout).toContain("ready");
      const escapee = count(result.stdout, "escapee");
      expect(escapee).toBeGreaterThan(0);
      escapees.push(escapee);
      expect(result.timedOut).toBe(true);
      // Nothing named to open, no job handle inherited, and no handle copied out of an ancestor
      // could allow breakaway on the command's job.
      expect(count(result.stdout, "named")).toBe(0);
      expect(count(result.stdout, "inherited")).toBe(0);
      expect(result.stdout).toMatch(/^breakaway denied \d+/m);
      // Re-checked after the kill: the escapee is gone, or it is reported as what it is.
      const alive = await stillAlive([escapee]);
      if (alive.length > 0) expect(result.survivors ?? []).toContain(escapee);
      expect(alive).toEqual([]);
    });
  },
);
