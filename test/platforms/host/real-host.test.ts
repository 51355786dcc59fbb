import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { isMainThread } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRealHost, parseRegQueryOutput, runProbe } from "../../../platforms/host/real-host.js";

const onWindows = process.platform === "win32";
// The planted program: an executable script on POSIX, a file with a PATHEXT extension on Windows.
const toolFile = onWindows ? "sg-tool.exe" : "sg-tool";
let root: string;

async function plant(file: string): Promise<void> {
  await writeFile(file, "#!/bin/sh\necho planted\n");
  await chmod(file, 0o755);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "shellgate-real-host-"));
  for (const directory of ["first", "second", "project"]) {
    await mkdir(path.join(root, directory));
    await plant(path.join(root, directory, toolFile));
  }
  await writeFile(path.join(root, "empty"), "");
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("createRealHost", () => {
  it("reports regular files with their size, directories, and nothing for missing paths", async () => {
    const host = createRealHost();
    expect(await host.fileInfo(path.join(root, "first", toolFile))).toEqual({ type: "file", size: 23 });
    expect(await host.fileInfo(path.join(root, "empty"))).toEqual({ type: "file", size: 0 });
    expect(await host.fileInfo(root)).toEqual({ type: "dir", size: 0 });
    expect(await host.fileInfo(path.join(root, "missing"))).toBeNull();
  });

  it("finds every PATH match in order and never one in the cwd or a relative entry", async () => {
    const cwd = path.join(root, "project");
    const entries = ["", ".", path.join(root, "first"), "project", path.join(root, "second")];
    const env = { PATH: entries.join(path.delimiter), PATHEXT: ".EXE" };
    const host = createRealHost({ env, cwd });
    const previous = process.cwd();
    // `which` on Windows searches the process's cwd first: the planted copy there must not count.
    // (Worker threads, as the Wine run uses, cannot chdir; the host's own cwd is still the trap.)
    if (isMainThread) process.chdir(cwd);
    try {
      const hits = await host.findOnPath("sg-tool");
      expect(hits.map((hit) => path.relative(root, hit).toLowerCase())).toEqual([
        path.join("first", toolFile),
        path.join("second", toolFile),
      ]);
    } finally {
      if (isMainThread) process.chdir(previous);
    }
    expect(await host.findOnPath("sg-no-such-tool")).toEqual([]);
    expect(await createRealHost({ env: {} }).findOnPath("node")).toEqual([]);
  });

  it("reads environment variables from the env it was given", () => {
    const host = createRealHost({ env: { SHELLGATE_BASH_PATH: "/x" } });
    expect(host.env("SHELLGATE_BASH_PATH")).toBe("/x");
    expect(host.env("HOME")).toBeUndefined();
  });

  it.skipIf(onWindows)("has no registry off Windows", async () => {
    expect(await createRealHost().readRegistry("HKLM\\Software\\GitForWindows", "InstallPath")).toBeNull();
  });
});

describe("runProbe", () => {
  it("returns raw stdout bytes and the exit code", async () => {
    const script = "process.stdout.write(Buffer.from([0x61, 0, 0x62])); process.exitCode = 3";
    const result = await runProbe([process.execPath, "-e", script], 10_000, process.env);
    expect(result.outcome).toBe("exited");
    expect(result.exitCode).toBe(3);
    expect([...result.stdout]).toEqual([0x61, 0, 0x62]);
  });

  it("reports a missing program as not found", async () => {
    const result = await runProbe([path.join(root, "missing")], 5000, process.env);
    expect(result).toMatchObject({ outcome: "not-found", exitCode: null });
  });

  it("reports a program that spawn refuses outright as failed, without throwing", async () => {
    // A NUL in the program name makes spawn throw synchronously, as Windows' UNKNOWN spawn errors do.
    const result = await runProbe(["sg\0tool"], 5000, process.env);
    expect(result).toMatchObject({ outcome: "failed", exitCode: null });
  });

  it("kills a probe at the timeout and leaves nothing running", async () => {
    const started = Date.now();
    const script = "console.log(process.pid); setTimeout(() => {}, 120000)";
    // 10 s: a node.exe under Wine on a loaded machine took over 1.5 s to print its pid.
    const result = await runProbe([process.execPath, "-e", script], 10_000, process.env);
    expect(result.outcome).toBe("timed-out");
    // Well under the script's own 120 s: the probe was killed, even where node starts slowly (Wine).
    expect(Date.now() - started).toBeLessThan(60_000);
    const pid = Number(Buffer.from(result.stdout).toString().trim());
    expect(pid).toBeGreaterThan(0);
    expect(isAlive(pid)).toBe(false);
  }, 90_000);
});

describe("parseRegQueryOutput", () => {
  it("reads a REG_SZ value out of reg.exe query output", () => {
    const output =
      "\r\nHKEY_LOCAL_MACHINE\\Software\\GitForWindows\r\n    InstallPath    REG_SZ    C:\\Program Files\\Git\r\n\r\n";
    expect(parseRegQueryOutput(output, "InstallPath")).toBe("C:\\Program Files\\Git");
    expect(parseRegQueryOutput(output, "LibexecPath")).toBeNull();
  });
});
