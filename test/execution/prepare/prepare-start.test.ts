import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SpillDirectory } from "../../../src/execution/io/spill-directory.js";
import { prepareStart } from "../../../src/execution/prepare/prepare-start.js";
import { ExecutionError } from "../../../src/execution/run/execution-error.js";
import type { Sandbox } from "../../../src/execution/sandbox/index.js";
import { BASH, GITBASH_STYLE } from "../../fixtures/exec/resolutions.js";
import { onWindows } from "../../support/platform.js";

const scratch = mkdtempSync(path.join(os.tmpdir(), "prepare-start-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const base = { resolution: BASH, cwd: scratch, spillDirectory: new SpillDirectory(scratch) };

async function refusal(promise: Promise<unknown>): Promise<ExecutionError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ExecutionError);
  return error as ExecutionError;
}

/** A sandbox stand-in that refuses or wraps every plan and records what it was given. */
function fakeSandbox(answer: "refuse" | "wrap"): Sandbox & { readonly released: number } {
  let released = 0;
  return {
    policy: {} as Sandbox["policy"],
    status: async () => ({ available: true, mechanism: "none", reason: "fake" }),
    async enclose(plan) {
      if (answer === "refuse") return { kind: "refused", message: "no sandbox here" };
      return {
        kind: "start",
        plan: {
          ...plan,
          file: "/usr/bin/env",
          args: [plan.file, ...plan.args],
          env: { ...plan.env, WRAPPED: "1" },
        },
        sandboxed: true,
        trailer: (output) => (output.includes("denied") ? "[sandbox denied]" : ""),
        release: () => {
          released += 1;
        },
      };
    },
    close: async () => undefined,
    get released() {
      return released;
    },
  };
}

describe("prepareStart", () => {
  it("gives a plan whose environment is complete: scrubbed, the call's variables, both markers", async () => {
    const instanceMarker = { name: "SHELLGATE_INSTANCE", value: "instance-1" };
    const prepared = await prepareStart("echo hi", {
      ...base,
      env: { PATH: "/usr/bin:/bin", AWS_SECRET_ACCESS_KEY: "secret", HOME: scratch },
      envSet: { OWN: "mine" },
      instanceMarker,
      marker: { name: "SHELLGATE_RUN", value: "run-1" },
    });
    expect(prepared.cwd).toBe(scratch);
    expect(prepared.sandboxed).toBe(false);
    expect(prepared.plan.marker).toEqual({ name: "SHELLGATE_RUN", value: "run-1" });
    expect(prepared.plan.env).toMatchObject({
      OWN: "mine",
      SHELLGATE_INSTANCE: "instance-1",
      SHELLGATE_RUN: "run-1",
    });
    expect(prepared.plan.env.AWS_SECRET_ACCESS_KEY).toBeUndefined();
    expect(prepared.plan).not.toHaveProperty("pathPrepend");
    // POSIX hands the text to bash -c; a Windows host's bash (Git Bash) gets it in the environment.
    if (prepared.plan.delivery === "argv") expect(prepared.plan.args.at(-1)).toBe("echo hi");
    else expect(prepared.plan.env.SHELLGATE_COMMAND).toContain("echo hi");
  });

  it("merges the plan's own variables (the command text of an environment plan) into the environment", async () => {
    const prepared = await prepareStart("echo hi", { ...base, resolution: GITBASH_STYLE });
    expect(prepared.plan.delivery).toBe("environment");
    expect(prepared.plan.env.SHELLGATE_COMMAND).toContain("echo hi");
  });

  it("gives a terminal start a real terminal type and pipes the non-interactive one", async () => {
    const pipes = await prepareStart("true", { ...base, env: { PATH: "/bin" } });
    const terminal = await prepareStart("true", { ...base, env: { PATH: "/bin" }, terminal: true });
    expect(pipes.plan.env.TERM).toBe("dumb");
    expect(terminal.plan.env.TERM).toBe("xterm-256color");
  });

  it("refuses an empty command, a NUL byte and an oversized command before anything else", async () => {
    expect((await refusal(prepareStart("  ", base))).code).toBe("invalid-command");
    expect((await refusal(prepareStart("echo a\0b", base))).message).toMatch(/NUL byte/);
    const huge = await refusal(prepareStart(`echo ${"x".repeat(1024 * 1024)}`, base));
    expect(huge.message).toMatch(/over the 1048576-byte limit/);
  });

  it("refuses a missing working directory, naming it as given", async () => {
    const error = await refusal(prepareStart("true", { ...base, workdir: "missing-dir" }));
    expect(error.code).toBe("bad-cwd");
    expect(error.message).toContain(`missing-dir (${path.join(scratch, "missing-dir")}) does not exist`);
  });

  it.skipIf(onWindows)("puts a long command in a private script file that the plan sources", async () => {
    const command = `echo ${"y".repeat(100 * 1024)}`;
    const prepared = await prepareStart(command, base);
    const file = prepared.plan.scriptFile;
    expect(file).toBeDefined();
    expect(prepared.plan.args.at(-1)).toBe(`. '${file}'`);
    expect(statSync(file as string).mode & 0o777).toBe(0o600);
    rmSync(file as string);
  });

  it("uses the planning seam it is given", async () => {
    const seen: string[] = [];
    const prepared = await prepareStart("echo seam", {
      ...base,
      planSpawn: (resolution, command, cwd) => {
        seen.push(`${resolution.kind}:${command}:${cwd}`);
        return {
          shell: "bash",
          file: "/bin/sh",
          args: ["-c", command],
          cwd,
          delivery: "argv",
          detached: true,
          windowsHide: true,
          crossSpawn: false,
        };
      },
    });
    expect(seen).toEqual([`bash:echo seam:${scratch}`]);
    expect(prepared.plan.file).toBe("/bin/sh");
  });

  it("encloses the plan in the sandbox, whose variables reach the environment", async () => {
    const sandbox = fakeSandbox("wrap");
    const prepared = await prepareStart("echo hi", { ...base, sandbox });
    expect(prepared.sandboxed).toBe(true);
    expect(prepared.plan.file).toBe("/usr/bin/env");
    expect(prepared.plan.env.WRAPPED).toBe("1");
    expect(prepared.trailer("permission denied")).toBe("[sandbox denied]");
    prepared.release();
    expect(sandbox.released).toBe(1);
  });

  it.skipIf(onWindows)("refuses when the sandbox refuses, leaving no script file behind", async () => {
    const spillDirectory = new SpillDirectory(mkdtempSync(path.join(scratch, "spill-")));
    const error = await refusal(
      prepareStart(`echo ${"z".repeat(100 * 1024)}`, {
        ...base,
        spillDirectory,
        sandbox: fakeSandbox("refuse"),
      }),
    );
    expect(error.code).toBe("sandbox-unavailable");
    expect(readdirSync(spillDirectory.path() as string)).toEqual([]);
  });
});
