import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { prepareDirectPlan } from "../../src/execution/fallback/prepare-direct-plan.js";
import { INSTALL_BASH_HINT } from "../../src/execution/fallback/split-simple-command.js";
import { planSpawn } from "../../src/execution/spawn/plan-spawn.js";
import { SpawnPlanError } from "../../src/execution/spawn/spawn-plan.js";
import { HOSTILE_ARGUMENTS, PERCENT_ARGUMENTS } from "./support/hostile-strings.js";
import { environmentWithPathFirst, NO_BASH, quoteWord, runPlan } from "./support/run-plan.js";
import { useTemporaryDirectories } from "./support/temporary-directory.js";
import { onWindows } from "./support/windows-host.js";

// The no-bash fallback (kind `none`) on a win32 Node: shellgate splits the command itself and runs it
// through cross-spawn, which applies PATHEXT and wraps `.cmd` shims in cmd.exe. Runs under Wine and on
// windows-latest.
const temporaryDirectory = useTemporaryDirectories("shellgate-fallback-");

/** A tool directory holding a script that prints its arguments as JSON, and a hand-written shim for it. */
function toolDirectory(): string {
  const directory = temporaryDirectory();
  writeFileSync(
    join(directory, "print-args.mjs"),
    "process.stdout.write(JSON.stringify(process.argv.slice(2)));\n",
  );
  // Hand-written (npm's cmd-shim 8 output does nothing under Wine 8's cmd.exe); CRLF as cmd wants.
  const shim = ["@ECHO off", "SETLOCAL", `"node" "%~dp0\\print-args.mjs" %*`, ""].join("\r\n");
  writeFileSync(join(directory, "print-args.cmd"), shim);
  return directory;
}

/** The plan as a run carries it out: split, then the program found without the working directory. */
function fallbackPlan(
  command: string,
  cwd: string,
  env: Record<string, string> = environmentWithPathFirst(),
) {
  return prepareDirectPlan(planSpawn(NO_BASH, command, cwd), env);
}

function refusalOf(run: () => unknown): SpawnPlanError {
  try {
    run();
  } catch (error) {
    if (error instanceof SpawnPlanError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe.runIf(onWindows)("no-bash fallback on win32", () => {
  it("runs cmd.exe by bare name", async () => {
    const directory = temporaryDirectory();
    const outcome = await runPlan(
      fallbackPlan("cmd /d /c echo fallback-ok", directory),
      environmentWithPathFirst(),
    );
    expect(outcome).toMatchObject({ exitCode: 0, stdout: "fallback-ok\r\n" });
  });

  it("runs a plain .exe (node) found through PATH and PATHEXT", async () => {
    const directory = toolDirectory();
    const command = `node ${quoteWord(join(directory, "print-args.mjs"))} first 'second word'`;
    const outcome = await runPlan(fallbackPlan(command, directory), environmentWithPathFirst());
    expect(outcome.errorCode).toBeUndefined();
    expect(JSON.parse(outcome.stdout)).toEqual(["first", "second word"]);
    expect(outcome.exitCode).toBe(0);
  });

  it("runs a .cmd shim by bare name through PATHEXT", async () => {
    const directory = toolDirectory();
    const environment = environmentWithPathFirst(directory);
    const outcome = await runPlan(
      fallbackPlan(`print-args 'a b' plain`, temporaryDirectory(), environment),
      environment,
    );
    expect(outcome.errorCode).toBeUndefined();
    expect(JSON.parse(outcome.stdout)).toEqual(["a b", "plain"]);
    expect(outcome.exitCode).toBe(0);
  });

  it("hands hostile arguments to a native child byte for byte", async () => {
    const directory = toolDirectory();
    const words = [...HOSTILE_ARGUMENTS, ...PERCENT_ARGUMENTS, "line one\nline two"];
    const command = ["node", join(directory, "print-args.mjs"), ...words].map(quoteWord).join(" ");
    const outcome = await runPlan(fallbackPlan(command, directory), environmentWithPathFirst());
    expect(outcome.errorCode).toBeUndefined();
    expect(JSON.parse(outcome.stdout)).toEqual(words);
  });

  it("hands arguments without cmd metacharacters through a .cmd shim byte for byte", async () => {
    const directory = toolDirectory();
    const environment = environmentWithPathFirst(directory);
    // cmd.exe cannot carry a newline inside an argument, and strips an empty one.
    const words = HOSTILE_ARGUMENTS.filter((word) => word !== "" && !/[\t"&|<>^%!]/.test(word));
    const command = ["print-args", ...words].map(quoteWord).join(" ");
    const outcome = await runPlan(fallbackPlan(command, directory, environment), environment);
    expect(outcome.errorCode).toBeUndefined();
    expect(JSON.parse(outcome.stdout)).toEqual(words);
  });

  it.each([
    ['"&echo injected', "'\"'"],
    ["semi;colon&amp|pipe<in>out^caret", "'&'"],
    ["%PATH%", "'%'"],
    ["!bang!", "'!'"],
  ])("refuses %s for a batch file, before anything runs (node-cross-spawn#171)", (argument, named) => {
    const directory = toolDirectory();
    const refusal = refusalOf(() =>
      fallbackPlan(
        ["print-args", argument].map(quoteWord).join(" "),
        directory,
        environmentWithPathFirst(directory),
      ),
    );
    expect(refusal.message).toContain("print-args.cmd");
    expect(refusal.message).toContain(`(it holds ${named})`);
    expect(refusal.message).toMatch(/run the program the shim wraps directly/);
  });

  it("passes the same arguments to a native program unrefused", () => {
    const plan = fallbackPlan(
      ["node", "-e", "0", '"&echo injected', "%PATH%"].map(quoteWord).join(" "),
      temporaryDirectory(),
    );
    expect(plan.file).toMatch(/node\.exe$/i);
    expect(plan.args).toEqual(["-e", "0", '"&echo injected', "%PATH%"]);
  });

  it("never runs a program planted in the working directory", async () => {
    const planted = toolDirectory();
    // print-args.cmd sits in the working directory only: not found, never run.
    const missing = refusalOf(() => fallbackPlan("print-args x", planted));
    expect(missing.message).toMatch(/^command not found: print-args is not on PATH/);
    // A planted node.cmd beside the real node on PATH: the real one runs.
    writeFileSync(join(planted, "node.cmd"), "@echo planted\r\n");
    const plan = fallbackPlan("node -e \"process.stdout.write('real')\"", planted);
    expect(plan.file.toLowerCase()).not.toContain(planted.toLowerCase());
    const outcome = await runPlan(plan, environmentWithPathFirst());
    expect(outcome.stdout).toBe("real");
  });

  it("refuses `dir | more` before spawning, with the documented error", () => {
    const refusal = (() => {
      try {
        fallbackPlan("dir | more", temporaryDirectory());
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(refusal).toBeInstanceOf(SpawnPlanError);
    expect((refusal as SpawnPlanError).operator).toBe("|");
    expect((refusal as SpawnPlanError).message).toContain("the pipe '|'");
    expect((refusal as SpawnPlanError).message).toContain(INSTALL_BASH_HINT);
  });

  it("relies on Node refusing a .cmd without a shell, as patched Windows does (CVE-2024-27980)", () => {
    const directory = toolDirectory();
    const result = spawnSync(join(directory, "print-args.cmd"), ["x"], { encoding: "utf8", timeout: 15_000 });
    expect((result.error as NodeJS.ErrnoException | undefined)?.code).toBe("EINVAL");
  });
});
