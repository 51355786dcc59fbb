import { describe, expect, it } from "vitest";
import { ProbeOutputError, parseProbeOutput } from "../../../src/execution/remote/parse-probe.js";

const answers = (lines: Record<string, string>) =>
  `probe=shellgate-1\n${Object.entries(lines)
    .map(([key, value]) => `${key}=${value}`)
    .join("\n")}\nenvironment\n`;

describe("parseProbeOutput", () => {
  it("reads a bash target, dropping what a login shell printed first", () => {
    const output = `Welcome to the box\n${answers({
      user: "ci",
      uid: "1000",
      home: "/home/ci",
      cwd: "/home/ci",
      os: "Linux",
      arch: "aarch64",
      bash: "/usr/bin/bash",
      bash_version: "5.2.15(1)-release",
      sh: "/usr/bin/sh",
      env_program: "/usr/bin/env",
      proc: "yes",
      tmp: "/tmp",
    })}HOME=/home/ci\0PATH=/usr/bin\0MULTI=a\nb\0`;
    const facts = parseProbeOutput(output);
    expect(facts).toMatchObject({
      user: "ci",
      uid: 1000,
      home: "/home/ci",
      os: "Linux",
      arch: "aarch64",
      shell: { kind: "bash", path: "/usr/bin/bash", version: "5.2.15(1)-release" },
      envProgram: "/usr/bin/env",
      proc: true,
      temporaryDirectory: "/tmp",
    });
    expect(facts.environment).toEqual({ HOME: "/home/ci", PATH: "/usr/bin", MULTI: "a\nb" });
  });

  it("reads a busybox target as POSIX sh, naming the variant", () => {
    const facts = parseProbeOutput(
      answers({ user: "root", sh: "/bin/sh", sh_target: "/bin/busybox", bash: "" }),
    );
    expect(facts.shell).toEqual({ kind: "sh", path: "/bin/sh", version: "busybox ash" });
    expect(facts.proc).toBe(false);
  });

  it("reads env's lines where there is no /proc", () => {
    expect(parseProbeOutput(`${answers({ sh: "/bin/sh" })}A=1\nB=2\n`).environment).toEqual({
      A: "1",
      B: "2",
    });
  });

  it("leaves the shell out when the target has none, and refuses output that is not the probe's", () => {
    expect(parseProbeOutput(answers({ user: "x" })).shell).toBeUndefined();
    expect(() => parseProbeOutput("fish: Unknown command")).toThrow(ProbeOutputError);
  });
});
