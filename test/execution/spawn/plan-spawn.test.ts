import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ShellResolution } from "../../../platforms/resolve/resolution.js";
import {
  COMMAND_VARIABLE,
  COMMAND_WRAPPER,
  WSL_COMMAND_WRAPPER,
} from "../../../src/execution/spawn/command-wrapper.js";
import { mergePlanEnvironment, planSpawn } from "../../../src/execution/spawn/plan-spawn.js";
import { SpawnPlanError } from "../../../src/execution/spawn/spawn-plan.js";
import { HOSTILE_COMMANDS } from "../../fixtures/exec/hostile-commands.js";
import { onWindows } from "../../support/platform.js";
import { testResolution } from "../../support/resolution.js";

// The spawning tests below run the plans against /bin/bash and /bin/sh, so they are POSIX-only; on
// Windows the same texts go through the real Git Bash in test/windows/git-bash.test.ts.
const posixIt = it.skipIf(onWindows);

const resolution = testResolution;

describe("planSpawn", () => {
  it("POSIX bash: bash -c with the command as one argv word, in its own process group", () => {
    const plan = planSpawn(resolution({}), "echo hi", "/tmp");
    expect(plan).toMatchObject({
      file: "/bin/bash",
      args: ["--norc", "-c", "echo hi"],
      cwd: "/tmp",
      delivery: "argv",
    });
    expect(plan.detached).toBe(true);
    expect(plan.env).toBeUndefined();
  });

  posixIt(
    "POSIX bash reads no ~/.bashrc, even with a socket for stdin and SHLVL unset (an MCP client's env)",
    async () => {
      const home = mkdtempSync(path.join(os.tmpdir(), "shellgate-norc-"));
      try {
        writeFileSync(path.join(home, ".bashrc"), "echo BASHRC-RAN\n");
        const plan = planSpawn(resolution({}), "echo command-ran", home);
        // Node's stdio pipes are socketpairs: the case in which bash behaves as if started by sshd.
        const child = spawn(plan.file, plan.args, {
          cwd: home,
          env: { HOME: home, PATH: process.env.PATH ?? "" },
        });
        let output = "";
        child.stdout.on("data", (chunk: Buffer) => {
          output += chunk.toString();
        });
        await new Promise((resolve) => child.on("close", resolve));
        expect(output).toBe("command-ran\n");
      } finally {
        rmSync(home, { recursive: true, force: true });
      }
    },
  );

  it("Git Bash and Cygwin: the text travels in the environment, never in argv", () => {
    for (const kind of ["gitbash", "cygwin"] as const) {
      const plan = planSpawn(
        resolution({ platform: "win32", kind, path: "C:\\Program Files\\Git\\bin\\bash.exe" }),
        "echo 'it''s' \"$x\"",
        "C:\\proj",
      );
      expect(plan.args).toEqual(["--noprofile", "--norc", "-c", COMMAND_WRAPPER]);
      expect(plan.args.join(" ")).not.toContain("it");
      expect(plan.env?.[COMMAND_VARIABLE]).toContain("echo 'it''s' \"$x\"");
      expect(plan.detached).toBe(false);
    }
  });

  it("the wrapper holds nothing the MSYS/Cygwin command-line parser treats specially", () => {
    expect(COMMAND_WRAPPER).not.toMatch(/["'\\?*[\](){}]/);
  });

  it("WSL: wsl.exe -d distro --cd <cwd> --exec bash -c, with WSLENV forwarding the text", () => {
    const plan = planSpawn(
      resolution({
        platform: "win32",
        kind: "wsl",
        path: "C:\\Windows\\System32\\wsl.exe",
        distro: "Ubuntu",
      }),
      "ls",
      "C:\\proj",
      { shellCwd: "/mnt/c/proj" },
    );
    expect(plan.file).toBe("C:\\Windows\\System32\\wsl.exe");
    expect(plan.args).toEqual([
      "-d",
      "Ubuntu",
      "--cd",
      "/mnt/c/proj",
      "--exec",
      "bash",
      "-c",
      WSL_COMMAND_WRAPPER,
    ]);
    expect(plan.env?.WSLENV).toBe(`${COMMAND_VARIABLE}:SHELLGATE_RUN`);
    expect(mergePlanEnvironment({ WSLENV: "GOPATH/l" }, plan).WSLENV).toBe(
      `GOPATH/l:${COMMAND_VARIABLE}:SHELLGATE_RUN`,
    );
  });

  it("WSL: the native cwd goes to --cd as it is, and wsl_login_shell starts bash -l", () => {
    const wsl = resolution({ platform: "win32", kind: "wsl", path: "C:\\Windows\\System32\\wsl.exe" });
    expect(planSpawn(wsl, "ls", "C:\\proj").args.slice(0, 5)).toEqual([
      "--cd",
      "C:\\proj",
      "--exec",
      "bash",
      "-c",
    ]);
    const login = planSpawn({ ...wsl, loginShell: true }, "ls", "C:\\proj");
    expect(login.args).toEqual(["--cd", "C:\\proj", "--exec", "bash", "-l", "-c", WSL_COMMAND_WRAPPER]);
  });

  it("none: argv without a shell through cross-spawn, or a refusal naming the operator", () => {
    const plan = planSpawn(resolution({ kind: "none", path: null }), "node --version", "/tmp");
    expect(plan).toMatchObject({ file: "node", args: ["--version"], delivery: "direct", crossSpawn: true });
    expect(() => planSpawn(resolution({ kind: "none", path: null }), "ls | wc", "/tmp")).toThrow(
      SpawnPlanError,
    );
  });

  it("a shell kind without a path is a planning error, not a spawn ENOENT", () => {
    expect(() => planSpawn(resolution({ path: null }), "ls", "/tmp")).toThrow(/no executable path/);
  });

  posixIt.each(HOSTILE_COMMANDS)("reaches bash byte for byte through both plans: %j", (command) => {
    const direct = spawnSync("/bin/bash", ["-c", command], { cwd: "/tmp", encoding: "buffer" });
    for (const kind of ["bash", "gitbash"] as const) {
      const plan = planSpawn(resolution({ kind }), command, "/tmp");
      const result = spawnSync(plan.file, [...plan.args], {
        cwd: plan.cwd,
        env: mergePlanEnvironment({ PATH: process.env.PATH ?? "", HOME: "/tmp" }, plan),
        encoding: "buffer",
      });
      expect(result.stderr.toString()).toBe(direct.stderr.toString());
      expect(result.stdout.toString("hex")).toBe(direct.stdout.toString("hex"));
      expect(result.status).toBe(direct.status);
    }
  });

  posixIt("delivers any text (no NUL) unchanged through the environment plan (property)", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "binary", maxLength: 60 }).filter((text) => !text.includes("\0")),
        (text) => {
          const command = `printf '%s' '${text.replace(/'/g, "'\\''")}'`;
          const plan = planSpawn(resolution({ kind: "gitbash" }), command, "/tmp");
          const result = spawnSync(plan.file, [...plan.args], {
            env: mergePlanEnvironment({}, plan),
            encoding: "utf8",
          });
          expect(result.stdout).toBe(text);
        },
      ),
      { numRuns: 60 },
    );
  });

  posixIt("the environment plan hides its own variable and restores IFS and globbing", () => {
    const plan = planSpawn(
      resolution({ kind: "gitbash" }),
      'printf "%s|" "${SHELLGATE_COMMAND-unset}" "$IFS" $-',
      "/tmp",
    );
    const result = spawnSync(plan.file, [...plan.args], {
      env: mergePlanEnvironment({}, plan),
      encoding: "utf8",
    });
    expect(result.stdout).toBe("unset| \t\n|hBc|");
  });
});

describe("planSpawn: POSIX sh on Windows", () => {
  posixIt("uses the environment plan without bash-only options and a POSIX prelude", () => {
    const sh: ShellResolution = {
      platform: "win32",
      kind: "sh",
      path: "/bin/sh",
      source: "test",
      warnings: [],
      trace: [],
    };
    const plan = planSpawn(sh, "printf '%s' \"it's\" *.nothing-matches", "/tmp");
    expect(plan.args).toEqual(["-c", COMMAND_WRAPPER]);
    const result = spawnSync("/bin/sh", [...plan.args], {
      env: mergePlanEnvironment({}, plan),
      encoding: "utf8",
    });
    expect(result.stdout).toBe("it's*.nothing-matches");
  });
});
