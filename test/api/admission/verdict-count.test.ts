import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { skipUnderWine } from "../../support/platform.js";

// Counts every verdict the real gate gives: the admission step must be the only judge.
const verdicts = vi.hoisted(() => ({ count: 0 }));
vi.mock("../../../src/safety/index.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../../src/safety/index.js")>();
  return {
    ...original,
    createSafetyGate: async (...args: Parameters<typeof original.createSafetyGate>) => {
      const gate = await original.createSafetyGate(...args);
      return {
        ...gate,
        check: (...call: Parameters<typeof gate.check>) => {
          verdicts.count += 1;
          return gate.check(...call);
        },
      };
    },
  };
});

const { createShellgate } = await import("../../../src/api/create-shellgate.js");
const { main } = await import("../../../src/surfaces/cli/main.js");
const { fakeIo } = await import("../../support/fake-io.js");
const scratch = mkdtempSync(path.join(os.tmpdir(), "verdict-count-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function tool(shellgate: Awaited<ReturnType<typeof createShellgate>>, name: string) {
  const found = shellgate.tools().find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no ${name} tool`);
  return found;
}

describe("an allowed command is judged exactly once", () => {
  it("in a foreground run, a background task and a managed start", async (context) => {
    skipUnderWine(context, "no-git-bash");
    const shellgate = await createShellgate({ managed_processes: true }, { cwd: scratch });
    try {
      verdicts.count = 0;
      const run = await tool(shellgate, "bash").execute(
        { command: "echo once", description: "Print a word" },
        {},
      );
      expect(run.text).toBe("once\n");
      expect(verdicts.count).toBe(1);

      verdicts.count = 0;
      const background = await tool(shellgate, "bash").execute(
        { command: "echo later", description: "Print later", run_in_background: true },
        {},
      );
      expect(background.isError).toBe(false);
      expect(verdicts.count).toBe(1);

      verdicts.count = 0;
      const started = await tool(shellgate, "process_start").execute({ command: "echo managed" }, {});
      expect(started.isError).toBe(false);
      expect(verdicts.count).toBe(1);
    } finally {
      await shellgate.close();
    }
  });

  it("in the CLI's run", async (context) => {
    skipUnderWine(context, "no-git-bash");
    verdicts.count = 0;
    const io = fakeIo(scratch);
    expect(await main(["run", "echo once"], io)).toBe(0);
    expect(io.out()).toBe("once\n");
    expect(verdicts.count).toBe(1);
  });
});
