import { describe, expect, it } from "vitest";
import type { ShellResolution } from "../../../platforms/resolve/resolution.js";
import { planSpawn } from "../../../src/execution/spawn/plan-spawn.js";
import {
  defaultResolution,
  MANAGED_MARKER_VARIABLE,
  planManagedStart,
} from "../../../src/managed/spawn/plan-managed-start.js";

function resolution(overrides: Partial<ShellResolution>): ShellResolution {
  return {
    platform: "win32",
    kind: "gitbash",
    path: "C:\\Program Files\\Git\\bin\\bash.exe",
    source: "test",
    warnings: [],
    trace: [],
    ...overrides,
  };
}

const request = {
  command: "npm run build",
  cwd: "C:\\work",
  processId: "abc",
  environment: { PATH: "C:\\bin" },
};

describe("planManagedStart", () => {
  it("runs POSIX bash with the command as an argument and marks the child", () => {
    const plan = planManagedStart(
      { ...request, cwd: "/work", resolution: defaultResolution("linux"), pty: false },
      planSpawn,
    );
    expect(plan.transport).toBe("pipe");
    expect(plan.spawn.file).toBe("/bin/bash");
    expect(plan.spawn.args).toEqual(["--norc", "-c", "npm run build"]);
    expect(plan.spawn.env).toMatchObject({ [MANAGED_MARKER_VARIABLE]: "abc", PATH: "C:\\bin" });
    expect(plan.marker).toEqual({ name: MANAGED_MARKER_VARIABLE, value: "abc" });
  });

  it("wraps Git Bash starts on Windows: the command travels in the environment", () => {
    const plan = planManagedStart({ ...request, resolution: resolution({}), pty: false }, planSpawn);
    expect(plan.spawn.file).toBe("C:\\Program Files\\Git\\bin\\bash.exe");
    expect(plan.spawn.args.join(" ")).not.toContain("npm run build");
    expect(plan.spawn.env?.SHELLGATE_COMMAND).toContain("npm run build");
  });

  it("wraps WSL starts through wsl.exe with the distro and forwards the command variable", () => {
    const plan = planManagedStart(
      {
        ...request,
        resolution: resolution({ kind: "wsl", path: "C:\\Windows\\System32\\wsl.exe", distro: "Ubuntu" }),
        pty: false,
      },
      planSpawn,
    );
    expect(plan.spawn.file).toBe("C:\\Windows\\System32\\wsl.exe");
    expect(plan.spawn.args.slice(0, 2)).toEqual(["-d", "Ubuntu"]);
    expect(plan.spawn.args).toContain("--exec");
    expect(plan.spawn.env?.WSLENV).toContain("SHELLGATE_COMMAND");
  });

  it("offers a terminal on Windows too (ConPTY) with a real terminal type", () => {
    const plan = planManagedStart({ ...request, resolution: resolution({}), pty: true }, planSpawn);
    expect(plan.transport).toBe("pty");
    expect(plan.spawn.env?.TERM).toBe("xterm-256color");
  });

  it("has no default shell on Windows: the host must pass its resolution", () => {
    expect(() =>
      planManagedStart({ ...request, resolution: defaultResolution("win32"), pty: false }, planSpawn),
    ).toThrow(/no executable path/);
  });
});
