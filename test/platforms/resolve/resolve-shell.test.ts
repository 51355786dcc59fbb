import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { HostFacts } from "../../../platforms/host/host-facts.js";
import { createRealHost } from "../../../platforms/host/real-host.js";
import { createSnapshotHost } from "../../../platforms/host/snapshot-host.js";
import type { HostSnapshotInput } from "../../../platforms/host/snapshot-schema.js";
import { createShellResolver, resolveShell } from "../../../platforms/resolve/resolve-shell.js";

function countingHost(inner: HostFacts): { host: HostFacts; calls: () => number; timeouts: number[] } {
  let calls = 0;
  const timeouts: number[] = [];
  const count = <T>(value: T): T => {
    calls += 1;
    return value;
  };
  return {
    host: {
      platform: inner.platform,
      env: (name) => count(inner.env(name)),
      fileInfo: (target) => count(inner.fileInfo(target)),
      findOnPath: (command) => count(inner.findOnPath(command)),
      readRegistry: (key, value) => count(inner.readRegistry(key, value)),
      runProbe: (argv, timeoutMs) => {
        timeouts.push(timeoutMs);
        return count(inner.runProbe(argv, timeoutMs));
      },
    },
    calls: () => calls,
    timeouts,
  };
}

const windowsBase = { SystemRoot: "C:\\Windows", PATHEXT: ".EXE", USERNAME: "me" };

async function resolveWindows(snapshot: Omit<HostSnapshotInput, "platform">, options = {}) {
  return resolveShell(createSnapshotHost({ platform: "win32", ...snapshot }), options);
}

// On Linux and macOS this machine's shell is bash; the Windows CI runner has Git Bash first on PATH.
const nativeKinds = process.platform === "win32" ? ["gitbash", "wsl", "cygwin"] : ["bash"];

describe("resolveShell on this machine", () => {
  it("finds this host's bash for real, with its version", async () => {
    const resolution = await resolveShell(createRealHost());
    expect(resolution.platform).toBe(process.platform);
    expect(nativeKinds).toContain(resolution.kind);
    expect(resolution.path && existsSync(resolution.path)).toBe(true);
    expect(resolution.version).toMatch(/^\d+\.\d+/);
    expect(resolution.warnings).toEqual([]);
    expect(resolution.trace.at(-1)).toMatchObject({ accepted: true, path: resolution.path });
  });

  it.skipIf(process.platform === "win32")("honours an explicit bash_path that exists", async () => {
    const resolution = await resolveShell(createRealHost(), { bashPath: "/bin/bash" });
    expect(resolution).toMatchObject({ kind: "bash", path: "/bin/bash", source: "bash_path" });
  });

  it.skipIf(process.platform === "win32")(
    "warns about a bash_path whose --version is not bash (node here) and resolves on",
    async () => {
      const resolution = await resolveShell(createRealHost(), { bashPath: process.execPath });
      expect(resolution.source).not.toBe("bash_path");
      expect(resolution.kind).toBe("bash");
      expect(resolution.warnings).toEqual([
        `config bash_path '${process.execPath}' is not bash (its --version says '${process.version}'); resolving as if it were unset`,
      ]);
      expect(resolution.trace[0]).toMatchObject({ rule: "bash_path", accepted: false });
    },
  );
});

describe("createShellResolver", () => {
  it("resolves once and reuses the answer", async () => {
    const counting = countingHost(createRealHost());
    const resolver = createShellResolver(counting.host, { probeTimeoutMs: 4321 });
    const first = await resolver.resolve();
    const callsAfterFirst = counting.calls();
    const [second, third] = await Promise.all([resolver.resolve(), resolver.resolve()]);
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(counting.calls()).toBe(callsAfterFirst);
    // One probe on Linux (`bash --version`); a Windows host may also ask reg.exe or wsl.exe. Every
    // probe gets the configured timeout, and none runs again for the cached answers.
    expect(counting.timeouts.length).toBeGreaterThan(0);
    expect(new Set(counting.timeouts)).toEqual(new Set([4321]));
  });
});

describe("resolveShell on Windows facts", () => {
  it("looks in Sysnative for wsl.exe from a 32-bit process", async () => {
    const resolution = await resolveWindows({
      env: { ...windowsBase, PROCESSOR_ARCHITEW6432: "AMD64", PATH: "C:\\Windows\\SysWOW64" },
      files: { "C:\\Windows\\Sysnative\\wsl.exe": { type: "file", size: 100 } },
      commands: [{ argv: ["C:\\Windows\\Sysnative\\wsl.exe", "-l", "-q"], exitCode: 0, stdout: "Debian\n" }],
    });
    expect(resolution).toMatchObject({
      kind: "wsl",
      path: "C:\\Windows\\Sysnative\\wsl.exe",
      distro: "Debian",
    });
  });

  it("treats a timed-out distro listing as no WSL, and says so in the trace", async () => {
    const resolution = await resolveWindows({
      env: { ...windowsBase, PATH: "C:\\Windows\\System32" },
      files: {
        "C:\\Windows\\System32\\bash.exe": { type: "file", size: 100 },
        "C:\\Windows\\System32\\wsl.exe": { type: "file", size: 100 },
      },
      commands: [{ argv: ["wsl", "-l", "-q"], exitCode: null, timedOut: true }],
    });
    expect(resolution.kind).toBe("none");
    expect(resolution.trace[0]?.reason).toMatch(/timed out/);
  });

  it("classifies a bash.exe in an unknown place by its --version triple", async () => {
    const resolution = await resolveWindows({
      env: { ...windowsBase, PATH: "D:\\tools" },
      files: { "D:\\tools\\bash.exe": { type: "file", size: 100 } },
      commands: [
        {
          argv: ["bash", "--version"],
          exitCode: 0,
          stdout: "GNU bash, version 5.2.37(1)-release (x86_64-pc-msys)",
        },
      ],
    });
    expect(resolution).toMatchObject({ kind: "gitbash", flavor: "msys2", path: "D:\\tools\\bash.exe" });
  });

  it("rejects an unknown bash.exe that says nothing about its runtime", async () => {
    const resolution = await resolveWindows({
      env: { ...windowsBase, PATH: "D:\\tools" },
      files: { "D:\\tools\\bash.exe": { type: "file", size: 100 } },
    });
    expect(resolution.kind).toBe("none");
    expect(resolution.trace[0]).toMatchObject({ rule: "path-lookup", accepted: false });
    expect(resolution.trace[0]?.reason).toContain("unrecognised bash.exe");
  });

  it("derives the Git root from mingw64\\bin\\git.exe on PATH", async () => {
    const root = "E:\\Git";
    const resolution = await resolveWindows({
      env: { ...windowsBase, PATH: `${root}\\mingw64\\bin` },
      files: {
        [`${root}\\mingw64\\bin\\git.exe`]: { type: "file", size: 100 },
        [`${root}\\bin\\bash.exe`]: { type: "file", size: 100 },
        [`${root}\\usr\\bin\\bash.exe`]: { type: "file", size: 100 },
      },
    });
    expect(resolution).toMatchObject({
      kind: "gitbash",
      path: `${root}\\bin\\bash.exe`,
      source: "git-on-path",
    });
  });

  it("uses usr\\bin\\bash.exe when a Git root has no bin\\bash.exe redirector", async () => {
    const resolution = await resolveWindows({
      env: { ...windowsBase, PATH: "", ProgramFiles: "C:\\Program Files" },
      files: { "C:\\Program Files\\Git\\usr\\bin\\bash.exe": { type: "file", size: 100 } },
    });
    expect(resolution).toMatchObject({
      path: "C:\\Program Files\\Git\\usr\\bin\\bash.exe",
      source: "program-files",
    });
  });

  it("rejects an explicit bash_path whose --version is not bash, and resolves on", async () => {
    const python = "D:\\tools\\python.exe";
    const resolution = await resolveWindows(
      {
        env: { ...windowsBase, PATH: "", ProgramFiles: "C:\\Program Files" },
        files: {
          [python]: { type: "file", size: 100 },
          "C:\\Program Files\\Git\\usr\\bin\\bash.exe": { type: "file", size: 100 },
        },
        commands: [{ argv: [python, "--version"], exitCode: 0, stdout: "Python 3.12.1\n" }],
      },
      { bashPath: python },
    );
    expect(resolution).toMatchObject({ kind: "gitbash", source: "program-files" });
    expect(resolution.warnings[0]).toBe(
      `config bash_path '${python}' is not bash (its --version says 'Python 3.12.1'); resolving as if it were unset`,
    );
  });

  it("takes an explicit bash_path in an unknown layout when its --version says bash", async () => {
    const bash = "D:\\opt\\bash.exe";
    const resolution = await resolveWindows(
      {
        env: { ...windowsBase, PATH: "" },
        files: { [bash]: { type: "file", size: 100 } },
        commands: [
          { argv: [bash, "--version"], exitCode: 0, stdout: "GNU bash, version 5.2.0(1)-release\n" },
        ],
      },
      { bashPath: bash },
    );
    expect(resolution).toMatchObject({ kind: "gitbash", path: bash, source: "bash_path" });
  });

  it("rejects a bash_path that is the WSL launcher or is relative", async () => {
    for (const bashPath of ["C:\\Windows\\System32\\bash.exe", "bash.exe"]) {
      const resolution = await resolveWindows(
        { env: windowsBase, files: { "C:\\Windows\\System32\\bash.exe": { type: "file", size: 100 } } },
        { bashPath },
      );
      expect(resolution.kind).toBe("none");
      expect(resolution.warnings[0]).toMatch(/^config bash_path/);
    }
  });
});

describe("resolveShell on Windows: a bash_path that is not bash", () => {
  it.each([
    ["C:\\tools\\busybox.exe", "BusyBox v1.37.0-FRP-5236-g7dff7f376 (2024-02-15 08:54:58 GMT)\r\n"],
    ["C:\\tools\\bash.exe", "BusyBox v1.37.0-FRP-5236-g7dff7f376 (2024-02-15 08:54:58 GMT)\r\n"],
    ["C:\\tools\\sh.exe", ""],
  ])("runs %s as POSIX sh, without bash-only options", async (bashPath, versionText) => {
    const resolution = await resolveWindows(
      {
        env: windowsBase,
        files: { [bashPath]: { type: "file", size: 100 } },
        commands: [{ argv: [bashPath, "--version"], exitCode: versionText ? 0 : 1, stdout: versionText }],
      },
      { bashPath },
    );
    expect(resolution).toMatchObject({ kind: "sh", path: bashPath, source: "bash_path" });
  });
});
