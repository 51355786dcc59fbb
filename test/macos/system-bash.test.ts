import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRealHost, resolveShell, type ShellResolution } from "../../platforms/index.js";
import { runCommand } from "../../src/execution/run/run-command.js";
import {
  COMMAND_VARIABLE,
  COMMAND_WRAPPER,
  wrapCommandText,
} from "../../src/execution/spawn/command-wrapper.js";
import { isProcessAlive, waitUntilGone } from "../../src/execution/terminate/process-alive.js";
import { HOSTILE_COMMANDS as EXECUTION_HOSTILE_COMMANDS } from "../fixtures/exec/hostile-commands.js";
import { HOSTILE_COMMANDS } from "../windows/support/hostile-strings.js";

// macOS ships bash 3.2 as /bin/bash (no `declare -A`, no `${x,,}`, no `mapfile`, older `printf`).
// Everything shellgate itself sends to bash — the command, the `--version` probe and the
// environment wrapper the Windows kinds use — must work there: these run on macos-latest with
// `bash_path: /bin/bash`.
const SYSTEM_BASH = "/bin/bash";
let directory = "";

async function systemBash(): Promise<ShellResolution> {
  return resolveShell(createRealHost(), { bashPath: SYSTEM_BASH });
}

describe.runIf(process.platform === "darwin")("bash 3.2 as /bin/bash", () => {
  beforeAll(() => {
    directory = mkdtempSync(path.join(tmpdir(), "shellgate-macos-"));
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it("is the bash 3.2 this suite is about, resolved and reported as such", async () => {
    const resolution = await systemBash();
    expect(resolution).toMatchObject({ kind: "bash", path: SYSTEM_BASH, source: "bash_path" });
    expect(resolution.version).toMatch(/^3\.2\./);
  });

  it("receives hostile command texts byte for byte", async () => {
    const resolution = await systemBash();
    for (const { command, prints } of HOSTILE_COMMANDS) {
      const result = await runCommand(command, { resolution, cwd: directory, timeout: 30 });
      expect({ command, stdout: result.stdout, exitCode: result.exitCode }).toEqual({
        command,
        stdout: prints,
        exitCode: 0,
      });
    }
  }, 120_000);

  it("runs the execution suite's hostile commands exactly as bash 3.2 runs them from a file", async () => {
    const resolution = await systemBash();
    const script = path.join(directory, "command.sh");
    for (const command of EXECUTION_HOSTILE_COMMANDS) {
      writeFileSync(script, command);
      const reference = spawnSync(SYSTEM_BASH, [script], {
        cwd: directory,
        encoding: "utf8",
        timeout: 20_000,
      });
      const result = await runCommand(command, { resolution, cwd: directory, timeout: 30 });
      expect({ command, stdout: result.stdout, exitCode: result.exitCode }).toEqual({
        command,
        stdout: reference.stdout,
        exitCode: reference.status,
      });
    }
  }, 120_000);

  it("runs the environment wrapper of the Windows shell kinds", () => {
    for (const { command, prints } of HOSTILE_COMMANDS) {
      const result = spawnSync(SYSTEM_BASH, ["--noprofile", "--norc", "-c", COMMAND_WRAPPER], {
        env: { ...process.env, [COMMAND_VARIABLE]: wrapCommandText(command) },
        encoding: "utf8",
        timeout: 20_000,
      });
      expect({ command, stdout: result.stdout, stderr: result.stderr }).toEqual({
        command,
        stdout: prints,
        stderr: "",
      });
    }
  });

  it("ends a TERM-trapping tree on timeout", async () => {
    const resolution = await systemBash();
    const pidFile = path.join(directory, "background.pid");
    const command = `trap '' TERM; sleep 300 & echo $! > '${pidFile}'; sleep 300`;
    const result = await runCommand(command, { resolution, timeout: 2, killGraceMs: 500 });
    expect(result.timedOut).toBe(true);
    const backgroundPid = Number(readFileSync(pidFile, "utf8").trim());
    expect(backgroundPid).toBeGreaterThan(0);
    expect(await waitUntilGone([backgroundPid], 5000)).toBe(true);
    expect(isProcessAlive(backgroundPid)).toBe(false);
  });
});

const HOMEBREW_BASHES = ["/opt/homebrew/bin/bash", "/usr/local/bin/bash"];

describe.runIf(process.platform === "darwin")("Homebrew bash", () => {
  it("is preferred over /bin/bash when it comes first on PATH, and its version is reported", async (context) => {
    const homebrewBash = HOMEBREW_BASHES.find((candidate) => existsSync(candidate));
    context.skip(homebrewBash === undefined, "Homebrew bash is not installed on this runner");
    const entries = (process.env.PATH ?? "").split(":");
    const homebrewIndex = entries.indexOf(path.dirname(homebrewBash!));
    const systemIndex = entries.indexOf("/bin");
    context.skip(
      homebrewIndex < 0 || (systemIndex >= 0 && systemIndex < homebrewIndex),
      `${path.dirname(homebrewBash!)} is not ahead of /bin on this runner's PATH`,
    );
    const resolution = await resolveShell(createRealHost());
    expect(resolution.path).toBe(homebrewBash);
    expect(resolution.version).toMatch(/^[4-9]\./);
  });
});
