import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  createSnapshotHost,
  resolveShell,
  type ShellResolution,
  toShellPath,
} from "../../../platforms/index.js";
import {
  COMMAND_VARIABLE,
  COMMAND_WRAPPER,
  WSL_COMMAND_WRAPPER,
} from "../../../src/execution/spawn/command-wrapper.js";
import { planSpawn } from "../../../src/execution/spawn/plan-spawn.js";
import { SpawnPlanError } from "../../../src/execution/spawn/spawn-plan.js";
import { loadHostFixtures } from "../../hosts/host-fixtures.js";

// From a recorded Windows host to the exact process shellgate would start, on any OS: the platform
// layer's resolution and the execution layer's plan are each tested alone; this pins down what they
// give together for every recorded Windows host (the GitHub runner's included).
const windowsHosts = loadHostFixtures().filter(
  (fixture) => (fixture.host as { platform?: string }).platform === "win32",
);
const HOSTILE = `printf '%s' "it's $HOME" '%PATH%' !x! \`true\``;
const CWD = "C:\\Users\\me\\my project";

async function resolve(fixture: (typeof windowsHosts)[number]): Promise<ShellResolution> {
  return resolveShell(createSnapshotHost(fixture.host as Parameters<typeof createSnapshotHost>[0]), {
    ...(fixture.config.windows_shell === undefined ? {} : { windowsShell: fixture.config.windows_shell }),
    ...(fixture.config.bash_path === undefined ? {} : { bashPath: fixture.config.bash_path }),
  });
}

function planFor(resolution: ShellResolution, command: string) {
  const shellCwd =
    resolution.kind === "wsl" ? toShellPath(CWD, "wsl", { distro: resolution.distro }) : undefined;
  return planSpawn(resolution, command, CWD, shellCwd === undefined ? {} : { shellCwd });
}

describe("recorded Windows hosts → the process shellgate starts", () => {
  it("has recorded Windows hosts to check", () => {
    expect(windowsHosts.length).toBeGreaterThanOrEqual(10);
    expect(windowsHosts.map((fixture) => fixture.name)).toContain("github-actions-windows");
  });

  for (const fixture of windowsHosts) {
    it(`${fixture.name}: never starts a WSL launcher, alias or mintty, never puts the text in argv`, async () => {
      const resolution = await resolve(fixture);
      if (resolution.kind === "none") {
        expect(() => planFor(resolution, HOSTILE)).toThrow(SpawnPlanError);
        return;
      }
      const plan = planFor(resolution, HOSTILE);
      const program = path.win32.basename(plan.file).toLowerCase();
      const directory = path.win32.dirname(plan.file).toLowerCase();
      expect(program).not.toBe("git-bash.exe");
      expect(directory).not.toMatch(/\\windowsapps$/);
      if (/\\(system32|syswow64|sysnative)$/.test(directory)) expect(program).toBe("wsl.exe");
      expect(plan.args.join(" ")).not.toContain("it's");
      expect(plan.env?.[COMMAND_VARIABLE]).toContain(HOSTILE);
      expect(plan.detached).toBe(false);
      expect(plan.crossSpawn).toBe(false);
    });
  }

  it("GitHub's windows-latest: Git Bash's bin\\bash.exe with the environment wrapper", async () => {
    const runner = windowsHosts.find((fixture) => fixture.name === "github-actions-windows")!;
    const plan = planFor(await resolve(runner), HOSTILE);
    expect(plan).toMatchObject({
      shell: "gitbash",
      file: "C:\\Program Files\\Git\\bin\\bash.exe",
      args: ["--noprofile", "--norc", "-c", COMMAND_WRAPPER],
      cwd: CWD,
      delivery: "environment",
    });
  });

  it("WSL with a distro: wsl.exe -d <distro> --cd /mnt/c/… --exec bash -c, forwarded by WSLENV", async () => {
    const withDistro = windowsHosts.find((fixture) => fixture.name === "win-git-and-wsl")!;
    const resolution = await resolve(withDistro);
    const plan = planFor(resolution, HOSTILE);
    expect(plan.file.toLowerCase()).toMatch(/\\system32\\wsl\.exe$/);
    expect(plan.args).toEqual([
      "-d",
      resolution.distro,
      "--cd",
      "/mnt/c/Users/me/my project",
      "--exec",
      "bash",
      "-c",
      WSL_COMMAND_WRAPPER,
    ]);
    expect(plan.env?.WSLENV).toBe(`${COMMAND_VARIABLE}:SHELLGATE_RUN`);
  });

  it("nothing installed: the fallback runs a simple command through cross-spawn and refuses `dir | more`", async () => {
    const nothing = windowsHosts.find((fixture) => fixture.name === "win-nothing-installed")!;
    const resolution = await resolve(nothing);
    expect(resolution.kind).toBe("none");
    expect(planFor(resolution, "node --version")).toMatchObject({
      file: "node",
      args: ["--version"],
      delivery: "direct",
      crossSpawn: true,
    });
    expect(() => planFor(resolution, "dir | more")).toThrow(/the pipe '\|'.*Git for Windows/s);
  });
});
