import { describe, expect, it } from "vitest";
import type { ShellResolution } from "../../../platforms/resolve/resolution.js";
import { mergePlanEnvironment, planSpawn } from "../../../src/execution/spawn/plan-spawn.js";

function windowsShell(
  fields: Partial<ShellResolution> & Pick<ShellResolution, "kind" | "path">,
): ShellResolution {
  return { platform: "win32", source: "test", warnings: [], trace: [], ...fields };
}

const HOST = { Path: "C:\\Windows\\System32", SystemRoot: "C:\\Windows" };

describe("planSpawn: what a login shell would have set up for raw MSYS2 and Cygwin bash", () => {
  it("puts MSYS2's usr\\bin first on PATH and sets MSYSTEM=MSYS", () => {
    const plan = planSpawn(
      windowsShell({
        kind: "gitbash",
        flavor: "msys2",
        root: "C:\\msys64",
        path: "C:\\msys64\\usr\\bin\\bash.exe",
      }),
      "ls",
      "C:\\work",
    );
    const env = mergePlanEnvironment(HOST, plan);
    expect(env.Path).toBe("C:\\msys64\\usr\\bin;C:\\Windows\\System32");
    expect(env).not.toHaveProperty("PATH");
    expect(env.MSYSTEM).toBe("MSYS");
    expect(mergePlanEnvironment({ ...HOST, MSYSTEM: "UCRT64" }, plan).MSYSTEM).toBe("UCRT64");
  });

  it("puts Cygwin's bin first on PATH", () => {
    const plan = planSpawn(
      windowsShell({ kind: "cygwin", root: "C:\\cygwin64", path: "C:\\cygwin64\\bin\\bash.exe" }),
      "ls",
      "C:\\work",
    );
    expect(mergePlanEnvironment(HOST, plan).Path).toBe("C:\\cygwin64\\bin;C:\\Windows\\System32");
  });

  it("gives Git's raw usr\\bin\\bash.exe mingw64\\bin and usr\\bin, and leaves the redirector alone", () => {
    const raw = planSpawn(
      windowsShell({
        kind: "gitbash",
        flavor: "git-for-windows",
        root: "C:\\Program Files\\Git",
        path: "C:\\Program Files\\Git\\usr\\bin\\bash.exe",
      }),
      "ls",
      "C:\\work",
    );
    expect(raw.pathPrepend).toBe("C:\\Program Files\\Git\\mingw64\\bin;C:\\Program Files\\Git\\usr\\bin");
    const redirector = planSpawn(
      windowsShell({
        kind: "gitbash",
        flavor: "git-for-windows",
        root: "C:\\Program Files\\Git",
        path: "C:\\Program Files\\Git\\bin\\bash.exe",
      }),
      "ls",
      "C:\\work",
    );
    expect(redirector.pathPrepend).toBeUndefined();
    expect(mergePlanEnvironment(HOST, redirector).Path).toBe(HOST.Path);
  });
});

describe("planSpawn: a non-bash bash_path gets no bash-only options", () => {
  it.each([
    ["C:\\tools\\sh.exe", ["-c"]],
    ["C:\\tools\\busybox.exe", ["sh", "-c"]],
  ])("%s", (path, leading) => {
    const plan = planSpawn(windowsShell({ kind: "sh", path }), "echo hi", "C:\\work");
    expect(plan.args.slice(0, leading.length)).toEqual(leading);
    expect(plan.args).not.toContain("--noprofile");
    expect(plan.args).not.toContain("--norc");
  });
});
