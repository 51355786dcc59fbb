import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../support/fake-io.js";

// doctor and describe report the sandbox on every platform: the shape is asserted, not the host.
let directory: string;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "shellgate-sandbox-report-"));
  await writeFile(
    path.join(directory, "sandboxed.json"),
    JSON.stringify({
      sandbox: { mode: "auto", allow_write: ["."], deny_read: ["~/.ssh"], allowed_domains: ["example.com"] },
    }),
  );
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe("sandbox reporting", () => {
  it("doctor --json reports sandbox { mode, available, mechanism, reason }", async () => {
    const outcome = await runCli(["doctor", "--json"], { cwd: directory });
    expect(outcome.code).toBe(0);
    const { sandbox } = JSON.parse(outcome.out) as { sandbox: Record<string, unknown> };
    expect(sandbox).toMatchObject({
      mode: "off",
      available: expect.any(Boolean),
      reason: expect.any(String),
    });
    expect(["bubblewrap", "seatbelt", "windows-sandbox-account", "bubblewrap-in-wsl", "none"]).toContain(
      sandbox.mechanism,
    );
    const text = await runCli(["doctor"], { cwd: directory });
    expect(text.out).toMatch(/^sandbox: mode off; (available|unavailable) \(/m);
  }, 60_000);

  it("describe --json includes the active policy, resolved", async () => {
    const outcome = await runCli(["describe", "--json", "--config", "sandboxed.json"], { cwd: directory });
    expect(outcome.code).toBe(0);
    const { sandbox } = JSON.parse(outcome.out) as { sandbox: Record<string, unknown> };
    // Linux and macOS add the instance's private temp directory (the sandbox's TMPDIR) to any list.
    const temp = process.platform === "win32" ? [] : [sandbox.tempDirectory];
    expect(sandbox).toMatchObject({
      mode: "auto",
      allowWrite: [directory, ...temp],
      denyRead: [path.join((await import("node:os")).homedir(), ".ssh")],
      allowedDomains: ["example.com"],
    });
    if (process.platform !== "win32") expect(String(sandbox.tempDirectory)).toContain("shellgate-sandbox-");
  }, 60_000);

  it("SHELLGATE_SANDBOX overrides the config; a bad value is an input error", async () => {
    const env = { ...process.env, SHELLGATE_SANDBOX: "required" };
    const outcome = await runCli(["describe", "--json"], { cwd: directory, env });
    expect((JSON.parse(outcome.out) as { sandbox: { mode: string } }).sandbox.mode).toBe("required");
    const bad = await runCli(["describe"], {
      cwd: directory,
      env: { ...process.env, SHELLGATE_SANDBOX: "maybe" },
    });
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("SHELLGATE_SANDBOX must be one of off, auto, required, got 'maybe'");
  }, 60_000);

  it("a config's required is a floor: an inherited SHELLGATE_SANDBOX=off or --sandbox off is refused, never obeyed", async () => {
    await writeFile(path.join(directory, "required.json"), JSON.stringify({ sandbox: { mode: "required" } }));
    const env = { ...process.env, SHELLGATE_SANDBOX: "off" };
    const inherited = await runCli(["run", "--config", "required.json", "echo ran"], { cwd: directory, env });
    // An input error (run exits 64 for those), and nothing ran.
    expect(inherited.code).not.toBe(0);
    expect(inherited.out).not.toContain("ran");
    expect(inherited.err).toContain(
      'SHELLGATE_SANDBOX off cannot lower sandbox.mode "required" from the config',
    );
    const flag = await runCli(["run", "--sandbox", "off", "--config", "required.json", "echo ran"], {
      cwd: directory,
    });
    expect(flag.code).toBe(inherited.code);
    expect(flag.err).toContain('--sandbox off cannot lower sandbox.mode "required"');
  }, 60_000);
});
