import { describe, expect, it } from "vitest";
import { decodeProbeOutput } from "../../../platforms/host/decode-probe-output.js";
import { createSnapshotHost } from "../../../platforms/host/snapshot-host.js";

const windows = createSnapshotHost({
  platform: "win32",
  env: {
    Path: "C:\\Windows\\system32;relative\\dir;C:\\Tools",
    PATHEXT: ".COM;.EXE;.CMD",
    SystemRoot: "C:\\Windows",
  },
  files: {
    "C:\\Windows\\System32\\bash.exe": { type: "file", size: 71680 },
    "C:\\Tools\\bash.exe": { type: "file", size: 10 },
    "C:\\Tools\\git.cmd": { type: "file", size: 10 },
    "relative\\dir\\bash.exe": { type: "file", size: 10 },
    "C:\\Tools": { type: "dir" },
  },
  registry: { "HKLM\\Software\\GitForWindows\\InstallPath": "C:\\Program Files\\Git" },
  commands: [
    { argv: ["wsl", "-l", "-q"], exitCode: 0, stdout: "Ubuntu\r\n", stdoutEncoding: "utf16le" },
    {
      argv: ["C:\\Tools\\bash.exe", "--version"],
      exitCode: 0,
      stdout: "GNU bash, version 5.2.37(1)-release",
    },
    { argv: ["slow.exe"], exitCode: null, timedOut: true },
  ],
});

describe("createSnapshotHost", () => {
  it("compares Windows paths, variable names and registry keys case-insensitively", async () => {
    expect(await windows.fileInfo("c:\\windows\\SYSTEM32\\BASH.EXE")).toEqual({ type: "file", size: 71680 });
    expect(await windows.fileInfo("C:/Tools/")).toEqual({ type: "dir", size: 0 });
    expect(windows.env("PATH")).toContain("C:\\Tools");
    expect(await windows.readRegistry("hklm\\software\\gitforwindows", "installpath")).toBe(
      "C:\\Program Files\\Git",
    );
  });

  it("treats a path not in files as missing and an unrecorded registry value as absent", async () => {
    expect(await windows.fileInfo("C:\\Nowhere\\bash.exe")).toBeNull();
    expect(await windows.readRegistry("HKCU\\Software\\GitForWindows", "InstallPath")).toBeNull();
  });

  it("derives PATH lookups from PATH, PATHEXT and files, in order, skipping relative entries", async () => {
    expect(await windows.findOnPath("bash")).toEqual([
      "C:\\Windows\\System32\\bash.exe",
      "C:\\Tools\\bash.exe",
    ]);
    expect(await windows.findOnPath("git")).toEqual(["C:\\Tools\\git.cmd"]);
    expect(await windows.findOnPath("nothing")).toEqual([]);
  });

  it("matches a bare argv[0] by file name with or without .exe, and a full path only as that path", async () => {
    const byFullPath = await windows.runProbe(["C:\\Windows\\System32\\wsl.exe", "-l", "-q"], 1000);
    expect(byFullPath.outcome).toBe("exited");
    expect(decodeProbeOutput(byFullPath.stdout)).toBe("Ubuntu\r\n");
    expect(Buffer.from(byFullPath.stdout).subarray(0, 4)).toEqual(Buffer.from([0x55, 0, 0x62, 0]));
    expect((await windows.runProbe(["WSL.EXE", "-l", "-q"], 1000)).exitCode).toBe(0);
    expect((await windows.runProbe(["c:/tools/BASH.exe", "--version"], 1000)).exitCode).toBe(0);
    expect((await windows.runProbe(["D:\\Other\\bash.exe", "--version"], 1000)).outcome).toBe("not-found");
    expect((await windows.runProbe(["wsl", "-l"], 1000)).outcome).toBe("not-found");
  });

  it("replays a timed-out command as timed out", async () => {
    expect(await windows.runProbe(["slow"], 1000)).toMatchObject({ outcome: "timed-out", exitCode: null });
  });

  it("uses recorded pathLookups when present, and POSIX paths are case-sensitive", async () => {
    const linux = createSnapshotHost({
      platform: "linux",
      env: { PATH: "/usr/bin" },
      files: { "/usr/bin/bash": { type: "file", size: 5 } },
      pathLookups: { bash: ["/opt/bash", "/usr/bin/bash"] },
    });
    expect(await linux.findOnPath("bash")).toEqual(["/opt/bash", "/usr/bin/bash"]);
    expect(await linux.fileInfo("/USR/BIN/BASH")).toBeNull();
    expect(linux.env("path")).toBeUndefined();
  });
});
