import { describe, expect, it } from "vitest";
import { planContainedStart, type StartFacts } from "../../../src/execution/containment/containment-plan.js";
import { launchable, launcherSpawn } from "../../../src/execution/containment/launch-plan.js";

const LAUNCHER =
  "C:\\Program Files\\nodejs\\node_modules\\shellgate\\native\\windows\\shellgate-launch-x64.exe";
const JOB = "@";

const windows: StartFacts = {
  platform: "win32",
  arch: "x64",
  launcher: LAUNCHER,
  launchable: true,
  detached: false,
};

describe("launchable", () => {
  it("takes only absolute .exe and .com paths (CreateProcessW searches nothing and adds no extension)", () => {
    expect(launchable("C:\\Program Files\\Git\\bin\\bash.exe")).toBe(true);
    expect(launchable("C:\\tools\\OLD.COM")).toBe(true);
    expect(launchable("bash.exe")).toBe(false);
    expect(launchable("C:\\tools\\build.cmd")).toBe(false);
    expect(launchable("C:\\tools\\run.bat")).toBe(false);
    expect(launchable("C:\\tools\\bash")).toBe(false);
  });
});

describe("launcherSpawn", () => {
  it("puts the hand-over token and the program behind the launcher; libuv quotes each argument as before", () => {
    const target = { file: "C:\\Program Files\\Git\\bin\\bash.exe", args: ["-c", 'a "b"'], verbatim: false };
    expect(launcherSpawn(LAUNCHER, target)).toEqual({
      file: LAUNCHER,
      args: [JOB, "C:\\Program Files\\Git\\bin\\bash.exe", "-c", 'a "b"'],
      windowsVerbatimArguments: false,
    });
  });

  it("keeps a verbatim line verbatim, and quotes only the launcher's own path", () => {
    const target = {
      file: "C:\\Windows\\system32\\cmd.exe",
      args: ["/d", "/s", "/c", '"C:\\x\\tool.cmd ^"a^ b^""'],
      verbatim: true,
    };
    const spawnPlan = launcherSpawn(LAUNCHER, target);
    expect(spawnPlan.windowsVerbatimArguments).toBe(true);
    expect(spawnPlan.argv0).toBe(`"${LAUNCHER}"`);
    expect([spawnPlan.argv0, ...spawnPlan.args].join(" ")).toBe(
      `"${LAUNCHER}" ${JOB} C:\\Windows\\system32\\cmd.exe /d /s /c "C:\\x\\tool.cmd ^"a^ b^""`,
    );
    expect(launcherSpawn("C:\\sg\\launch.exe", target).argv0).toBe("C:\\sg\\launch.exe");
  });

  it("quotes a verbatim line's program when its path has a space (the line is joined as given)", () => {
    const target = {
      file: "D:\\My Windows\\System32\\cmd.exe",
      args: ["/d", "/s", "/c", '"x"'],
      verbatim: true,
    };
    expect(launcherSpawn("C:\\sg\\launch.exe", target).args).toEqual([
      JOB,
      '"D:\\My Windows\\System32\\cmd.exe"',
      "/d",
      "/s",
      "/c",
      '"x"',
    ]);
  });
});

describe("planContainedStart", () => {
  it("starts inside the job through the launcher on x64 and arm64 Windows", () => {
    expect(planContainedStart(windows)).toEqual({ kind: "launcher", launcher: LAUNCHER });
    expect(planContainedStart({ ...windows, arch: "arm64" })).toEqual({
      kind: "launcher",
      launcher: LAUNCHER,
    });
  });

  it("falls back to assigning after the spawn, and says why", () => {
    expect(planContainedStart({ ...windows, arch: "ia32" })).toEqual({
      kind: "assign-after-spawn",
      reason: "the launcher is built for x64 and arm64 Windows, not ia32",
    });
    expect(planContainedStart({ ...windows, launcher: undefined })).toEqual({
      kind: "assign-after-spawn",
      reason: "this install has no launcher binary",
    });
    expect(planContainedStart({ ...windows, launchable: false }).kind).toBe("assign-after-spawn");
  });

  it("contains nothing off Windows, for detached starts, or without the job API", () => {
    expect(planContainedStart({ ...windows, platform: "linux" }).kind).toBe("none");
    expect(planContainedStart({ ...windows, detached: true }).kind).toBe("none");
    expect(planContainedStart({ ...windows, unavailable: "koffi is missing" })).toEqual({
      kind: "none",
      reason: "Job Objects are unavailable (koffi is missing)",
    });
  });
});
