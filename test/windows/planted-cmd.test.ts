import { copyFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import crossSpawn from "cross-spawn";
import { afterEach, describe, expect, it } from "vitest";
import { runCommand } from "../../src/execution/run/run-command.js";
import { busyTolerantTemporaryDirectories } from "../support/wine-temp-directories.js";
import { nativeFixture } from "./support/native-fixtures.js";
import { NO_BASH } from "./support/run-plan.js";
import { onWindows } from "./support/windows-host.js";

// cross-spawn starts a batch file through `process.env.comspec || "cmd.exe"`, and a bare cmd.exe is
// looked for in the command's working directory first. The MCP SDK's default environment for a
// stdio server has no ComSpec, so a repository's own cmd.exe would run for every npm/npx shim of the
// no-bash fallback. Here that environment is reproduced (ComSpec removed from this process) and a
// cmd.exe stand-in (test/windows/fixtures/planted.c, leaves "cmd.exe.ran" when it runs) sits in the
// working directory.
const fixture = onWindows ? nativeFixture("planted") : { missing: "not Windows" };
const reason = "missing" in fixture ? fixture.missing : undefined;

const temporaryDirectory = busyTolerantTemporaryDirectories();

const hostComSpec = process.env.ComSpec;
afterEach(() => {
  if (hostComSpec !== undefined) process.env.ComSpec = hostComSpec;
});

/** A working directory with the planted cmd.exe, and a PATH directory with a batch file `shim-probe`. */
function layout(): { planted: string; tools: string; env: NodeJS.ProcessEnv } {
  const planted = temporaryDirectory("shellgate-planted-cmd-");
  copyFileSync((fixture as { path: string }).path, join(planted, "cmd.exe"));
  const tools = temporaryDirectory("shellgate-shim-");
  writeFileSync(join(tools, "shim-probe.cmd"), ["@echo off", "echo shim-ran %ComSpec%", ""].join("\r\n"));
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (key.toUpperCase() !== "COMSPEC" && key.toUpperCase() !== "PATH") env[key] = value;
  }
  env.PATH = `${tools};${process.env.PATH ?? ""}`;
  delete process.env.ComSpec; // as under the MCP SDK's default environment
  return { planted, tools, env };
}

describe.skipIf(reason !== undefined)(`a planted cmd.exe${reason ? ` (${reason})` : ""}`, () => {
  it("never runs for a batch file in the no-bash fallback; the command sees the system's ComSpec", {
    timeout: 60_000,
  }, async () => {
    const { planted, env } = layout();

    const result = await runCommand("shim-probe", {
      resolution: NO_BASH,
      workdir: planted,
      env,
      timeoutMs: 30_000,
    });

    expect(result.exitCode).toBe(0);
    expect(result.stdout.trim()).toMatch(/^shim-ran [a-z]:\\windows\\system32\\cmd\.exe$/i);
    expect(readdirSync(planted)).not.toContain("cmd.exe.ran");
  });

  it("would have run through cross-spawn alone (the hole, and the fixture, are live)", {
    timeout: 60_000,
  }, async () => {
    const { planted, tools, env } = layout();

    await new Promise<void>((resolve, reject) => {
      const child = crossSpawn(join(tools, "shim-probe.cmd"), [], { cwd: planted, env, stdio: "ignore" });
      child.on("error", reject);
      child.on("close", () => resolve());
    });
    expect(readdirSync(planted)).toContain("cmd.exe.ran");
  });
});
