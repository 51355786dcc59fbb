import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandbox, type SandboxSettings } from "../../../src/execution/sandbox/index.js";
import { type EnclosedOutcome, runEnclosed, runInSandbox } from "../../support/enclosed-run.js";
import { testResolution } from "../../support/resolution.js";
import { sandboxTestsRun } from "./sandbox-guard.js";

const runs = await sandboxTestsRun();

const bash = testResolution();

let root: string;
let work: string;
let secrets: string;
let server: http.Server;
let port: number;

function run(settings: Omit<SandboxSettings, "mode">, command: string): Promise<EnclosedOutcome> {
  return runEnclosed(command, {
    resolution: bash,
    settings: { mode: "required", ...settings },
    cwd: work,
    home: root,
    tempDirectory: path.join(root, "tmp"),
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin" },
  });
}

describe.runIf(runs)("the sandbox wrapper under bubblewrap (real)", () => {
  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), "shellgate-sandbox-"));
    work = path.join(root, "work");
    secrets = path.join(root, ".ssh");
    mkdirSync(work);
    mkdirSync(path.join(root, "tmp"));
    mkdirSync(secrets);
    writeFileSync(path.join(secrets, "id_ed25519"), "PRIVATE KEY\n");
    // Loopback only: the one server these tests may connect to.
    server = http.createServer((_request, response) => response.end("hello from loopback"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(root, { recursive: true, force: true });
  });

  it("a write inside allow_write succeeds", async () => {
    const result = await run(
      { allow_write: [work], allowed_domains: [] },
      "echo kept > inside.txt && cat inside.txt",
    );
    expect(result.sandboxed).toBe(true);
    expect(result.output).toContain("kept");
    expect(existsSync(path.join(work, "inside.txt"))).toBe(true);
  });

  it("a write outside allow_write fails, leaves nothing, and the marker names the path", async () => {
    const outside = path.join(root, "outside.txt");
    const result = await run({ allow_write: [work], allowed_domains: [] }, `echo leaked > ${outside}`);
    expect(result.code).not.toBe(0);
    expect(existsSync(outside)).toBe(false);
    expect(result.trailer).toContain(`[sandbox denied: write to ${outside} (outside sandbox.allow_write)`);
    expect(result.trailer).toContain("sandbox.allow_write");
  });

  it("a read of a deny_read file fails and the marker names it", async () => {
    const key = path.join(secrets, "id_ed25519");
    const result = await run(
      { allow_write: [work], deny_read: ["~/.ssh"], allowed_domains: [] },
      `cat ${key}`,
    );
    expect(result.code).not.toBe(0);
    expect(result.output).not.toContain("PRIVATE KEY");
    expect(result.trailer).toContain(`read of ${key} (in sandbox.deny_read)`);
  });

  it("a write refused through a relative path is named by its real path, not the shell's", async () => {
    const result = await run({ allow_write: [work], allowed_domains: [] }, "echo leaked > ../relative.txt");
    expect(result.code).not.toBe(0);
    expect(existsSync(path.join(root, "relative.txt"))).toBe(false);
    expect(result.trailer).toContain(
      `write to ${path.join(root, "relative.txt")} (outside sandbox.allow_write)`,
    );
    expect(result.trailer).not.toContain("bash");
  });

  it("a missing file under a deny_read directory that is missing on the host too is no denial", async () => {
    const absent = path.join(root, ".absent-credentials");
    const result = await run(
      { allow_write: [work], deny_read: [absent], allowed_domains: [] },
      `ls ${absent}; cat ${absent}/key`,
    );
    expect(result.code).not.toBe(0);
    expect(result.output).toContain("No such file");
    expect(result.trailer).toBe("");
  });

  it("TMPDIR is the instance's private directory (0700, this user's; mktemp works) and the rest of the temp directory is read-only", async () => {
    const system = path.join(root, "tmp");
    const sandbox = createSandbox({
      settings: { mode: "required", allowed_domains: [] },
      context: { platform: "linux", cwd: work, home: root, tempDirectory: system },
    });
    const options = { resolution: bash, cwd: work, env: { PATH: process.env.PATH ?? "/usr/bin:/bin" } };
    try {
      const own = sandbox.policy.tempDirectory ?? "";
      expect(path.dirname(own)).toBe(system);
      expect(sandbox.policy.allowWrite).toContain(own);
      expect(sandbox.policy.allowWrite).not.toContain(system);
      const made = await runInSandbox(
        sandbox,
        'f=$(mktemp) && echo "made $f" && stat -c %a "$TMPDIR"',
        options,
      );
      expect(made.code).toBe(0);
      expect(made.output).toContain(`made ${own}/`);
      expect(made.output.trim().split("\n").at(-1)).toBe("700");
      const shared = await runInSandbox(sandbox, `echo x > ${path.join(system, "shared.txt")}`, options);
      expect(shared.code).not.toBe(0);
      expect(existsSync(path.join(system, "shared.txt"))).toBe(false);
    } finally {
      await sandbox.close();
    }
    expect(existsSync(sandbox.policy.tempDirectory ?? "")).toBe(false);
  });

  it("a connection to a loopback server fails with no allowed domain, and the marker names the host", async () => {
    const result = await run(
      { allow_write: [work], allowed_domains: [] },
      `curl -sS -m 10 --noproxy '' http://127.0.0.1:${port}/`,
    );
    expect(result.output).not.toContain("hello from loopback");
    expect(result.trailer).toContain(`connection to 127.0.0.1:${port} (not in sandbox.allowed_domains)`);
  });

  it("with no allowed host no relay listens inside and no proxy variable is set, a host's own neither", async () => {
    // The library's relays listen on 3128 and 1080 inside the sandbox; with nothing allowed they are
    // not started (the network namespace alone refuses everything), which is most of a start's cost.
    const probe =
      'for p in 3128 1080; do (exec 3<>/dev/tcp/127.0.0.1/$p) 2>/dev/null && echo "$p open" || echo "$p closed"; done; echo "proxy=[${HTTP_PROXY-unset}${ALL_PROXY-}${https_proxy-}]"';
    const none = await runEnclosed(probe, {
      resolution: bash,
      settings: { mode: "required", allow_write: [work], allowed_domains: [] },
      cwd: work,
      home: root,
      tempDirectory: path.join(root, "tmp"),
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HTTP_PROXY: "http://proxy.invalid:8080" },
    });
    expect(none.code).toBe(0);
    expect(none.output).toContain("3128 closed");
    expect(none.output).toContain("1080 closed");
    expect(none.output).toContain("proxy=[unset]");
    const some = await run({ allow_write: [work], allowed_domains: ["127.0.0.1"] }, probe);
    expect(some.output).toContain("3128 open");
    expect(some.output).toContain("1080 open");
  });

  it("with no allowed host a refused name is named from the client's own error", async () => {
    const result = await run(
      { allow_write: [work], allowed_domains: [] },
      "curl -sS -m 10 http://example.invalid/",
    );
    expect(result.code).not.toBe(0);
    expect(result.trailer).toContain("connection to example.invalid (not in sandbox.allowed_domains)");
  });

  it("the same connection succeeds when the host is allowed", async () => {
    const result = await run(
      { allow_write: [work], allowed_domains: ["127.0.0.1"] },
      `curl -sS -m 10 --noproxy '' http://127.0.0.1:${port}/`,
    );
    expect(result.output).toContain("hello from loopback");
    expect(result.trailer).toBe("");
  });

  it("one instance, many commands: every later command is still enclosed, denied where it should be, and marked with its own denials only", async () => {
    const sandbox = createSandbox({
      settings: {
        mode: "required",
        allow_write: [work],
        deny_read: ["~/.ssh"],
        allowed_domains: ["127.0.0.1"],
      },
      context: { platform: "linux", cwd: work, home: root, tempDirectory: path.join(root, "tmp") },
    });
    const options = { resolution: bash, cwd: work, env: { PATH: process.env.PATH ?? "/usr/bin:/bin" } };
    try {
      const outside = path.join(root, "outside-again.txt");
      const outcomes: EnclosedOutcome[] = [];
      // The first command runs under the first wrap; the others under the reused one.
      for (const command of [
        "echo first > first.txt",
        `echo leaked > ${outside}`,
        `cat ${path.join(secrets, "id_ed25519")}`,
        `curl -sS -m 10 --noproxy '' http://127.0.0.1:${port}/`,
        `curl -sS -m 10 --noproxy '' http://localhost:${port}/`,
        "printf '%s|' \"$0\" 'it'\\''s' \"$((6 * 7))\"; echo",
      ]) {
        outcomes.push(await runInSandbox(sandbox, command, options));
      }
      const [first, write, read, allowed, denied, quoting] = outcomes as [
        EnclosedOutcome,
        ...EnclosedOutcome[],
      ];
      expect(first.code).toBe(0);
      expect(existsSync(path.join(work, "first.txt"))).toBe(true);
      expect(write?.code).not.toBe(0);
      expect(existsSync(outside)).toBe(false);
      expect(write?.trailer).toContain(`write to ${outside} (outside sandbox.allow_write)`);
      expect(read?.output).not.toContain("PRIVATE KEY");
      expect(read?.trailer).toContain("(in sandbox.deny_read)");
      expect(allowed?.output).toContain("hello from loopback");
      expect(allowed?.trailer).toBe("");
      expect(denied?.output).not.toContain("hello from loopback");
      expect(denied?.trailer).toContain(`connection to localhost:${port} (not in sandbox.allowed_domains)`);
      // The command text reaches the shell byte for byte.
      expect(quoting?.output.trim()).toBe("/bin/bash|it's|42|");
      for (const outcome of outcomes) expect(outcome.sandboxed).toBe(true);
      // bwrap is started directly, by the real path resolved once (never a name on PATH), and the later
      // commands reuse the wrap (their text in the environment).
      for (const outcome of outcomes) expect(outcome.file).toMatch(/^\/.*\/bwrap$/);
      expect(outcomes.slice(1).map((outcome) => outcome.delivery)).toEqual(
        outcomes.slice(1).map(() => "environment"),
      );
    } finally {
      await sandbox.close();
    }
  });
});

describe.runIf(runs)("the library's session", () => {
  it("ends with the last instance's close(), so nothing keeps the process alive", () => {
    const fixture = fileURLToPath(new URL("../../fixtures/sandbox/run-and-exit.ts", import.meta.url));
    const result = spawnSync(process.execPath, ["--import", "tsx", fixture, os.tmpdir()], {
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(result.signal).toBeNull();
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("enclosed");
  });
});
