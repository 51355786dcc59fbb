import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createRealHost,
  resolveShell,
  type ShellResolution,
  systemProgramPath,
} from "../../platforms/index.js";
import { runCommand } from "../../src/execution/run/run-command.js";
import { useTemporaryDirectories } from "./support/temporary-directory.js";
import { onWindows, underWine, wineCannot } from "./support/windows-host.js";

// The MSYS patterns that break parent links (an MSYS program exec'ing another: pipelines,
// subshells, scripts) leave nothing behind once the run ends: each tree is in its own Job Object.
// Checked by command line, not by pid or parent link, since those are what MSYS breaks.
// Only on windows-latest: Wine has no Git Bash.
const temporaryDirectory = useTemporaryDirectories("shellgate-msys-trees-");
let resolution: ShellResolution;

/** Command lines of running processes that contain `marker` (Windows PowerShell's CIM query). */
function processesMentioning(marker: string): string[] {
  const query = `Get-CimInstance Win32_Process | Where-Object { $_.CommandLine -like '*${marker}*' -and $_.Name -ne 'powershell.exe' } | ForEach-Object { $_.CommandLine }`;
  const result = spawnSync(
    systemProgramPath("powershell"),
    ["-NoProfile", "-NonInteractive", "-Command", query],
    {
      encoding: "utf8",
      windowsHide: true,
      timeout: 60_000,
    },
  );
  return result.stdout
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/** A sleep duration no other test uses, so the command line identifies this test's processes. */
function uniqueSeconds(): number {
  return 40_000 + Math.floor(Math.random() * 20_000);
}

describe.runIf(onWindows)("MSYS process trees through Git Bash leave nothing", () => {
  beforeEach((context) => {
    context.skip(underWine, wineCannot("no-git-bash"));
  });
  beforeAll(async () => {
    if (underWine) return;
    resolution = await resolveShell(createRealHost());
  });

  it.each([
    ["a pipeline: sleep N | cat", (n: number) => `sleep ${n} | cat`],
    ["a subshell's background child: (sleep N &)", (n: number) => `(sleep ${n} &); sleep ${n + 1}`],
    ["find / … | head", (n: number) => `find / -name "shellgate-${n}-*" 2>/dev/null | head -1; sleep ${n}`],
  ])("%s, ended by a timeout", { timeout: 120_000 }, async (_name, build) => {
    const n = uniqueSeconds();
    const result = await runCommand(build(n), { resolution, cwd: temporaryDirectory(), timeoutMs: 3000 });
    expect(result.timedOut).toBe(true);
    expect(result.survivors).toBeUndefined();
    expect(processesMentioning(String(n))).toEqual([]);
  });

  it("a subshell's background child left after a normal exit is swept", { timeout: 120_000 }, async () => {
    const n = uniqueSeconds();
    const result = await runCommand(`(sleep ${n} &); echo started`, {
      resolution,
      cwd: temporaryDirectory(),
    });
    expect(result.stdout).toBe("started\n");
    expect(result.backgroundChildren?.killed).toBe(true);
    expect(processesMentioning(String(n))).toEqual([]);
  });

  it("a script that runs a script, ended by a timeout", { timeout: 120_000 }, async () => {
    const n = uniqueSeconds();
    const directory = temporaryDirectory();
    writeFileSync(path.join(directory, "inner.sh"), `sleep ${n} | cat\n`);
    writeFileSync(path.join(directory, "outer.sh"), `bash ./inner.sh\n`);
    const result = await runCommand("bash ./outer.sh", { resolution, cwd: directory, timeoutMs: 3000 });
    expect(result.timedOut).toBe(true);
    expect(processesMentioning(String(n))).toEqual([]);
  });
});
