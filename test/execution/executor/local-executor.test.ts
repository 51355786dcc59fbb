import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createLocalExecutorFromConfig } from "../../../src/api/config-options.js";
import { parseConfig } from "../../../src/config/parse-config.js";
import { createConcurrencyCounter } from "../../../src/execution/concurrency/concurrency-counter.js";
import { createLocalExecutor } from "../../../src/execution/executor/local-executor.js";
import { BASH } from "../../fixtures/exec/resolutions.js";

const scratch = mkdtempSync(path.join(os.tmpdir(), "executor-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("local executor", () => {
  it("resolve applies the defaults: absolute workdir, effective timeout, visible owner", () => {
    const exec = createLocalExecutor({ resolution: BASH, cwd: scratch, defaultTimeout: 7 });
    expect(exec.resolve({ command: "ls" })).toEqual({
      command: "ls",
      workdir: scratch,
      timeoutMs: 7000,
      owner: undefined,
    });
    expect(exec.resolve({ command: "ls", workdir: "sub", timeoutMs: 1500, owner: "s" })).toMatchObject({
      workdir: path.join(scratch, "sub"),
      timeoutMs: 1500,
      owner: "s",
    });
    expect(() => exec.resolve({ command: "ls", timeout: 120_000 })).toThrow(/did you mean 120 seconds/);
  });

  it("describes this machine: the resolved shell, its cwd, the home and user commands see", async () => {
    const exec = createLocalExecutor({
      resolution: BASH,
      cwd: scratch,
      env: { HOME: "/home/alice", USER: "alice", PATH: "/usr/bin:/bin" },
    });
    expect(exec.describe()).toEqual({
      location: "local",
      resolution: BASH,
      cwd: scratch,
      home: "/home/alice",
      user: "alice",
      spill: "target",
    });
    await exec.close();
  });

  it("runs through the seam with the caller's own variables", async () => {
    const exec = createLocalExecutor({ resolution: BASH, cwd: scratch });
    const result = await exec.run(
      exec.resolve({ command: 'printf "%s" "$GREETING"', env: { GREETING: "hi there" } }),
    );
    expect(result).toMatchObject({ stdout: "hi there", exitCode: 0 });
    await exec.close();
  });

  it("builds from a parsed config and shares the concurrency slots", async () => {
    const concurrency = createConcurrencyCounter(1);
    const exec = createLocalExecutorFromConfig(parseConfig({ timeout: 3 }), {
      resolution: BASH,
      cwd: scratch,
      concurrency,
    });
    expect(exec.resolve({ command: "x" }).timeoutMs).toBe(3000);
    const first = exec.run(exec.resolve({ command: "sleep 0.2" }));
    await expect(exec.run(exec.resolve({ command: "true" }))).rejects.toThrow(
      /concurrent command limit of 1/,
    );
    await first;
    await exec.close();
  });

  it("a blocked command is refused for background starts too", async () => {
    const exec = createLocalExecutor({
      resolution: BASH,
      cwd: scratch,
      check: () => ({ allowed: false, profile: "strict", reason: "nope" }),
    });
    await expect(exec.start(exec.resolve({ command: "true" }))).rejects.toThrow(
      "Command blocked by the safety gate (profile strict): nope",
    );
    expect(await exec.list()).toEqual([]);
  });
});
