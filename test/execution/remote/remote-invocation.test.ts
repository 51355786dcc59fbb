import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { environmentDelta } from "../../../src/execution/remote/environment-delta.js";
import {
  isPosixLoginShell,
  loginShellCommandLine,
  remoteInvocation,
} from "../../../src/execution/remote/remote-invocation.js";
import { signalFromName, signalOfStatus } from "../../../src/execution/remote/signal-status.js";

const bash = { kind: "bash" as const, path: "/bin/bash" };
const base = {
  shell: bash,
  command: "echo hi",
  token: "abc",
  unset: [],
  set: { PAGER: "cat", "bad-name": "x" },
};

describe("remoteInvocation", () => {
  it("hands the variables to an engine that sets them, and to env otherwise", () => {
    const docker = remoteInvocation({
      ...base,
      facts: { envProgram: "/usr/bin/env" },
      engineSetsEnvironment: true,
    });
    expect(docker.env).toEqual({ PAGER: "cat" });
    expect(docker.argv.slice(0, 4)).toEqual(["/bin/bash", "--norc", "--noprofile", "-c"]);
    expect(docker.argv.slice(-2)).toEqual(["bash", "echo hi"]);
    const ssh = remoteInvocation({
      ...base,
      facts: { envProgram: "/usr/bin/env" },
      engineSetsEnvironment: false,
    });
    expect(ssh.argv.slice(0, 3)).toEqual(["/usr/bin/env", "PAGER=cat", "/bin/bash"]);
    const bare = remoteInvocation({ ...base, facts: {}, engineSetsEnvironment: false });
    expect(bare.argv[0]).toBe("/bin/bash");
    expect(bare.argv[4]).toContain("export 'PAGER=cat'");
  });
});

describe.runIf(process.platform !== "win32")("loginShellCommandLine", () => {
  it("survives a POSIX login shell word for word", () => {
    const argv = ["printf", "%s|", "it's", "a b", "$HOME", "`x`", "\n"];
    const line = loginShellCommandLine(argv);
    const result = spawnSync("sh", ["-c", line], { encoding: "utf8" });
    expect(result.stdout).toBe("it's|a b|$HOME|`x`|\n|");
  });

  it("puts variables in the exec'd program's own environment, as assignments in front of exec", () => {
    const line = loginShellCommandLine(["sh", "-c", 'printf "%s|" "$MARK" "$ODD"'], {
      MARK: "run-1",
      ODD: "it's $HOME `x`",
      "not-a-name": "dropped",
    });
    for (const shell of ["sh", "bash"]) {
      const result = spawnSync(shell, ["-c", line], { encoding: "utf8" });
      expect(result.stdout).toBe("run-1|it's $HOME `x`|");
    }
    expect(line).not.toContain("dropped");
  });

  it("takes assignments only from a POSIX login shell", () => {
    expect(isPosixLoginShell("/bin/bash")).toBe(true);
    expect(isPosixLoginShell("/usr/bin/zsh")).toBe(true);
    expect(isPosixLoginShell("/bin/busybox")).toBe(true);
    expect(isPosixLoginShell("/usr/bin/fish")).toBe(false);
    expect(isPosixLoginShell("/bin/tcsh")).toBe(false);
    expect(isPosixLoginShell(undefined)).toBe(false);
    expect(isPosixLoginShell("")).toBe(false);
  });
});

describe("environmentDelta", () => {
  it("names what to remove and what to set, nothing that stays", () => {
    expect(environmentDelta({ A: "1", SECRET: "x", B: "2" }, { A: "1", B: "3", C: "4" })).toEqual({
      unset: ["SECRET"],
      set: { B: "3", C: "4" },
    });
  });
});

describe("signal status", () => {
  it("reads 128+N and SSH's signal names as Linux signals", () => {
    expect(signalOfStatus(143)).toBe("SIGTERM");
    expect(signalOfStatus(137)).toBe("SIGKILL");
    expect(signalOfStatus(1)).toBeUndefined();
    expect(signalOfStatus(200)).toBeUndefined();
    expect(signalFromName("TERM")).toBe("SIGTERM");
    expect(signalFromName("SIGINT")).toBe("SIGINT");
    expect(signalFromName("WEIRD")).toBeNull();
  });
});
