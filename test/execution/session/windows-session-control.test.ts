import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { createSnapshotHost, parseHostSnapshot, resolveShell } from "../../../platforms/index.js";
import { wslExecArguments } from "../../../src/execution/remote/wsl/wsl-engine.js";
import { frameMarkers } from "../../../src/execution/session/frame-markers.js";
import { launchedStartupLine } from "../../../src/execution/session/launched-frame-script.js";
import { sessionUnsupported } from "../../../src/execution/session/session-mode.js";
import {
  WINDOWS_PID_LINE,
  windowsSessionControl,
} from "../../../src/execution/session/windows-session-control.js";
import { loadHostFixtures } from "../../hosts/host-fixtures.js";

// Pure: which control each recorded Windows host's session gets. (The Wine host's bash.exe is a
// stand-in that runs no command, so a Windows session cannot run under Wine; its Linux-run shape
// is test/execution/session/below-shell-session.test.ts.)
describe("windowsSessionControl over the recorded Windows hosts", () => {
  const windowsHosts = loadHostFixtures().filter((fixture) =>
    ["gitbash", "cygwin", "wsl"].includes(fixture.expect.kind),
  );

  it("covers Git Bash, Cygwin and WSL hosts", () => {
    const kinds = new Set(windowsHosts.map((fixture) => fixture.expect.kind));
    expect([...kinds].sort()).toEqual(["cygwin", "gitbash", "wsl"]);
  });

  for (const fixture of windowsHosts) {
    it(`${fixture.name}: a ${fixture.expect.kind} session ends one command without ending the shell`, async () => {
      const resolution = await resolveShell(createSnapshotHost(parseHostSnapshot(fixture.host)), {
        windowsShell: fixture.config.windows_shell,
        bashPath: fixture.config.bash_path,
      });
      expect(sessionUnsupported(resolution)).toBeNull();
      const control = windowsSessionControl(resolution, "/c/Users/me/AppData/Local/Temp/shellgate-x");
      if (resolution.kind === "wsl") {
        // Linux pids ($$) and the distribution's own /tmp; the kill goes in through wsl.exe.
        expect(control.pidLine).toBeUndefined();
        expect(control.temporaryDirectory).toBe("/tmp");
      } else {
        expect(control.pidLine).toBe(WINDOWS_PID_LINE);
        expect(control.temporaryDirectory).toBe("/c/Users/me/AppData/Local/Temp/shellgate-x");
      }
    });
  }
});

describe("the WSL kill's wsl.exe arguments", () => {
  it("name the distribution when there is one, and run argv with --exec", () => {
    expect(wslExecArguments({ wslPath: "wsl.exe", distro: "Ubuntu" }, ["sh", "-c", "x"])).toEqual([
      "-d",
      "Ubuntu",
      "--exec",
      "sh",
      "-c",
      "x",
    ]);
    expect(wslExecArguments({ wslPath: "wsl.exe" }, ["sh"])).toEqual(["--exec", "sh"]);
  });
});

describe("the start record with a pid line", () => {
  const markers = frameMarkers("sentinel-for-test");

  it("reports the line's pid, not $$, and leaves no variable behind", () => {
    const line = launchedStartupLine(markers, "EXIT", undefined, WINDOWS_PID_LINE);
    expect(line).toContain(WINDOWS_PID_LINE);
    expect(line).toContain('"$__sg_pid"');
    expect(line.trimEnd().endsWith("unset __sg_pid")).toBe(true);
    expect(launchedStartupLine(markers, "EXIT")).toContain('"$$"');
  });

  it.runIf(process.platform === "linux")(
    "reads 0 where there is no /proc/$$/winpid (never a wrong pid)",
    () => {
      const result = spawnSync(
        "bash",
        ["--norc", "--noprofile", "-c", `${WINDOWS_PID_LINE}; echo "[$__sg_pid]"`],
        {
          encoding: "utf8",
        },
      );
      expect(result.stdout).toBe("[0]\n");
      expect(result.stderr).toBe("");
    },
  );
});
