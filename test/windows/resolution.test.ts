import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createRealHost, resolveShell, type ShellResolution } from "../../platforms/index.js";
import { onWindows } from "./support/windows-host.js";
import {
  currentPathEntries,
  environmentWithPath,
  gitRoot,
  samePath,
  systemRoot,
} from "./support/windows-paths.js";

// Resolution on a real win32 filesystem, registry and PATH: on windows-latest against the runner's Git
// for Windows and its WSL without a distro; under Wine against the same layout faked under C: by
// scripts/windows-under-wine.sh (stand-in bash.exe, git.exe and a distro-less wsl.exe).
const gitBash = gitRoot === undefined ? undefined : path.win32.join(gitRoot, "bin", "bash.exe");
const system32 = path.win32.join(systemRoot, "System32");

// A loaded CI machine (and Wine) can take longer than the 3 s default to start bash --version; these
// tests are about which shell wins, not about the probe's timeout (tested with recorded hosts).
const PATIENT = { probeTimeoutMs: 30_000 } as const;

function expectGitBash(resolution: ShellResolution): void {
  expect(resolution.kind).toBe("gitbash");
  expect(samePath(resolution.path, gitBash)).toBe(true);
  expect(resolution.version).toMatch(/^\d+\.\d+\.\d+/);
  // No WSL candidate may have won: the only WSL on these hosts has no distribution.
  const acceptedWsl = resolution.trace.filter(
    (candidate) =>
      candidate.accepted && (candidate.kind === "wsl" || /\\system32\\/i.test(candidate.path ?? "")),
  );
  expect(acceptedWsl).toEqual([]);
}

describe.runIf(onWindows && gitBash !== undefined)("resolveShell on a win32 host", () => {
  it("finds Git Bash with the host's own PATH", async () => {
    expectGitBash(await resolveShell(createRealHost(), PATIENT));
  });

  it("finds Git Bash first on PATH, as on GitHub's runner", async () => {
    const env = environmentWithPath([path.win32.join(gitRoot!, "bin"), ...currentPathEntries()]);
    const resolution = await resolveShell(createRealHost({ env }), PATIENT);
    expectGitBash(resolution);
    expect(resolution.source).toBe("path-lookup");
  });

  it("rejects WSL's System32 launcher when no distribution is installed", async (context) => {
    // windows-2025 images (windows-latest) ship without WSL at all; then there is no launcher.
    context.skip(
      !existsSync(path.win32.join(system32, "bash.exe")),
      "this host has no System32\\bash.exe: WSL is not installed, so there is no launcher to reject",
    );
    // Only the system directories on PATH: the first bash.exe there is WSL's launcher.
    const env = environmentWithPath([system32, systemRoot]);
    const resolution = await resolveShell(createRealHost({ env }), PATIENT);
    const launcher = resolution.trace.find(
      (candidate) =>
        candidate.rule === "path-lookup" && samePath(candidate.path, path.win32.join(system32, "bash.exe")),
    );
    expect(launcher?.accepted).toBe(false);
    // A cold WSL can miss the probe's timeout (microsoft/WSL#6765); rejected either way.
    expect(launcher?.reason).toMatch(/no (WSL )?distribution|timed out/i);
    expectGitBash(resolution);
    expect(resolution.source).not.toBe("path-lookup");
  });

  it("warns and uses Git Bash when windows_shell=wsl finds no distribution (or no WSL)", async () => {
    const resolution = await resolveShell(createRealHost(), { ...PATIENT, windowsShell: "wsl" });
    expectGitBash(resolution);
    expect(resolution.warnings.join("\n")).toMatch(/windows_shell=wsl .*no WSL distribution/i);
    const wsl = resolution.trace.find((candidate) => candidate.rule === "wsl");
    expect(wsl?.accepted).toBe(false);
  });
});
