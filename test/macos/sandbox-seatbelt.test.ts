import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type SandboxSettings } from "../../src/execution/sandbox/index.js";
import { type EnclosedOutcome, runEnclosed } from "../support/enclosed-run.js";
import { testResolution } from "../support/resolution.js";

// macOS: the library's Seatbelt profile through sandbox-exec (no extra programs needed). These run
// on macos-latest in the GitHub matrix; paths are real paths (/var is /private/var there).
const onMac = process.platform === "darwin";
const bash = testResolution({ platform: "darwin" });
let root = "";
let work = "";
/** Why the sandbox cannot start on this runner (the optional library is skipped by npm on Node 20). */
let unavailable: string | undefined;

function run(settings: Omit<SandboxSettings, "mode">, command: string): Promise<EnclosedOutcome> {
  return runEnclosed(command, {
    resolution: bash,
    settings: { mode: "required", ...settings },
    cwd: work,
    home: root,
    tempDirectory: path.join(root, "tmp"),
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: root },
  });
}

describe.runIf(onMac)("the sandbox under Seatbelt (macOS)", () => {
  beforeAll(async () => {
    root = realpathSync(mkdtempSync(path.join(os.tmpdir(), "shellgate-seatbelt-")));
    work = path.join(root, "work");
    mkdirSync(work);
    mkdirSync(path.join(root, "tmp"));
    mkdirSync(path.join(root, ".ssh"));
    writeFileSync(path.join(root, ".ssh", "id_ed25519"), "PRIVATE KEY\n");
    const status = await createSandbox({
      settings: { mode: "auto", allowed_domains: [] },
      context: { platform: "darwin", cwd: work, home: root, tempDirectory: os.tmpdir() },
    }).status();
    unavailable = status.available ? undefined : status.reason;
  });

  // Node 20 cells: npm skips the optional library (its engines); a runner may lack a program it
  // needs. Then the enclosed runs skip with doctor's own reason, and doctor's answer is still checked.
  beforeEach((context) => {
    context.skip(
      unavailable !== undefined && !context.task.name.startsWith("doctor"),
      `the sandbox cannot start on this runner: ${unavailable}`,
    );
  });

  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it("doctor's answer: Seatbelt, available or with what is missing", async () => {
    const status = await createSandbox({
      settings: { mode: "auto", allowed_domains: [] },
      context: { platform: "darwin", cwd: work, home: root, tempDirectory: os.tmpdir() },
    }).status();
    expect(status.mechanism).toBe("seatbelt");
    if (status.available) expect(status.reason).toMatch(/Seatbelt profile/);
    else expect(status.reason).toMatch(/not installed|not found|missing|: /);
  });

  it("a write inside allow_write succeeds; one outside fails and leaves nothing", async () => {
    const inside = await run(
      { allow_write: [work], allowed_domains: [] },
      "echo kept > inside.txt && cat inside.txt",
    );
    expect(inside.sandboxed).toBe(true);
    expect(inside.output).toContain("kept");
    const outside = path.join(root, "outside.txt");
    const result = await run({ allow_write: [work], allowed_domains: [] }, `echo leaked > '${outside}'`);
    expect(result.code).not.toBe(0);
    expect(existsSync(outside)).toBe(false);
  });

  it("a read of a deny_read file fails", async () => {
    const key = path.join(root, ".ssh", "id_ed25519");
    const result = await run(
      { allow_write: [work], deny_read: ["~/.ssh"], allowed_domains: [] },
      `cat '${key}'`,
    );
    expect(result.code).not.toBe(0);
    expect(result.output).not.toContain("PRIVATE KEY");
    expect(result.trailer).toContain("(in sandbox.deny_read)");
  });
});
