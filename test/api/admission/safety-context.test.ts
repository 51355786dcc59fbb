import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createShellgate } from "../../../src/api/create-shellgate.js";

// The one admission step judges a command where it will run: the instance's cwd, the per-call
// workdir, the instance's environment (its HOME) and shell.

const scratch = mkdtempSync(path.join(os.tmpdir(), "safety-context-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("admission passes its own context to the gate", () => {
  it("judges relative operands against the request's cwd", async () => {
    const shellgate = await createShellgate({}, { cwd: scratch, env: { HOME: "/home/nobody-here" } });
    try {
      const fromRoot = await shellgate.admit({ command: "rm -rf *", cwd: "/", action: "run" });
      expect(fromRoot).toMatchObject({ allowed: false, verdict: { rule: "delete.root" } });
      const fromProject = await shellgate.admit({ command: "rm -rf *", cwd: scratch, action: "run" });
      expect(fromProject.allowed).toBe(true);
    } finally {
      await shellgate.close();
    }
  });

  it("the bash tool's workdir reaches the gate: find . -delete in the instance's HOME is refused", async () => {
    // The scratch directory plays the home; if the gate let this through, only scratch files would go.
    writeFileSync(path.join(scratch, "sentinel"), "x");
    const shellgate = await createShellgate({}, { cwd: os.tmpdir(), env: { HOME: scratch } });
    try {
      const bash = shellgate.tools().find((tool) => tool.name === "bash")!;
      const result = await bash.execute(
        { command: "find . -delete", workdir: scratch, description: "Delete everything here" },
        {},
      );
      expect(result).toMatchObject({ isError: true });
      expect(result.text).toMatch(/delete\.home/);
    } finally {
      await shellgate.close();
    }
  });
});
