import { describe, expect, it } from "vitest";
import type { ShellResolution } from "../../../platforms/resolve/resolution.js";
import { parseWslProbe } from "../../../src/execution/sandbox/probe-wsl.js";
import {
  applyWrappedArgv,
  wrapWslPlan,
  wslBubblewrapArguments,
} from "../../../src/execution/sandbox/wrap-plan.js";
import { WSL_COMMAND_WRAPPER } from "../../../src/execution/spawn/command-wrapper.js";
import { planSpawn } from "../../../src/execution/spawn/plan-spawn.js";

const wsl: ShellResolution = {
  platform: "win32",
  kind: "wsl",
  path: "C:\\Windows\\System32\\wsl.exe",
  distro: "Debian",
  source: "test",
  warnings: [],
  trace: [],
};

describe("applyWrappedArgv", () => {
  it("replaces the program and keeps the cwd, the command's variables and the process group", () => {
    const plan = planSpawn(
      { ...wsl, platform: "linux", kind: "bash", path: "/bin/bash" },
      "echo hi",
      "/work",
    );
    const wrapped = applyWrappedArgv(plan, {
      argv: ["/bin/bash", "-c", "bwrap … -- /bin/bash -c 'echo hi'"],
    });
    expect(wrapped).toMatchObject({
      file: "/bin/bash",
      args: ["-c", "bwrap … -- /bin/bash -c 'echo hi'"],
      cwd: "/work",
    });
    expect(wrapped.detached).toBe(true);
    expect(() => applyWrappedArgv(plan, { argv: [] })).toThrow(/empty/);
  });

  it("layers the command's own variables over the wrapper's", () => {
    const plan = planSpawn(
      { ...wsl, kind: "gitbash", path: "C:\\Git\\bin\\bash.exe" },
      "echo hi",
      "C:\\work",
    );
    const wrapped = applyWrappedArgv(plan, { argv: ["srt-win.exe", "exec"], env: { SRT: "1" } });
    expect(wrapped.env).toMatchObject({ SRT: "1", SHELLGATE_COMMAND: expect.stringContaining("echo hi") });
  });
});

describe("the WSL plan (bubblewrap inside the distribution)", () => {
  it("puts bwrap between --exec and bash, with writable roots, hidden credentials and no network", () => {
    const plan = planSpawn(wsl, "ls", "C:\\work", { shellCwd: "/mnt/c/work" });
    const args = wslBubblewrapArguments({
      allowWrite: ["/mnt/c/work"],
      denyDirectories: ["/home/ada/.ssh"],
      denyFiles: ["/home/ada/.netrc"],
    });
    const enclosed = wrapWslPlan(plan, args);
    expect(enclosed.args).toEqual([
      "-d",
      "Debian",
      "--cd",
      "/mnt/c/work",
      "--exec",
      "bwrap",
      "--die-with-parent",
      "--new-session",
      "--unshare-net",
      "--unshare-pid",
      "--ro-bind",
      "/",
      "/",
      "--dev",
      "/dev",
      "--proc",
      "/proc",
      "--bind-try",
      "/mnt/c/work",
      "/mnt/c/work",
      "--tmpfs",
      "/home/ada/.ssh",
      "--ro-bind",
      "/dev/null",
      "/home/ada/.netrc",
      "--",
      "bash",
      "-c",
      WSL_COMMAND_WRAPPER,
    ]);
    expect(enclosed.env).toEqual(plan.env);
  });

  it("refuses a plan that is not WSL's", () => {
    const plan = planSpawn({ ...wsl, platform: "linux", kind: "bash", path: "/bin/bash" }, "ls", "/w");
    expect(() => wrapWslPlan(plan, [])).toThrow(/WSL/);
  });

  it("reads the distribution's probe: bwrap present, which denied entries are directories or files", () => {
    expect(parseWslProbe("bwrap\nd /home/ada/.ssh\nf /home/ada/.netrc\n", ["/mnt/c/w"])).toEqual({
      bubblewrap: true,
      paths: {
        allowWrite: ["/mnt/c/w"],
        denyDirectories: ["/home/ada/.ssh"],
        denyFiles: ["/home/ada/.netrc"],
      },
    });
    expect(parseWslProbe("", []).bubblewrap).toBe(false);
  });
});
