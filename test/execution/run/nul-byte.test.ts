import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createLocalExecutor } from "../../../src/execution/executor/local-executor.js";
import { SpillDirectory } from "../../../src/execution/io/spill-directory.js";
import { ExecutionError } from "../../../src/execution/run/execution-error.js";
import { runCommand } from "../../../src/execution/run/run-command.js";
import { main } from "../../../src/surfaces/cli/main.js";
import { bashInputSchema } from "../../../src/tools/schemas/dsh-bash.js";
import { BASH, GITBASH_STYLE } from "../../fixtures/exec/resolutions.js";
import { fakeIo } from "../../support/fake-io.js";

const scratch = mkdtempSync(path.join(os.tmpdir(), "nul-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const base = { cwd: scratch, spillDirectory: new SpillDirectory(scratch) };

async function rejection(promise: Promise<unknown>): Promise<ExecutionError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ExecutionError);
  return error as ExecutionError;
}

describe("a NUL byte in the command", () => {
  it("is refused by runCommand with invalid-command and one sentence, on every plan", async () => {
    for (const resolution of [BASH, GITBASH_STYLE]) {
      const error = await rejection(runCommand("echo a\0b", { ...base, resolution }));
      expect(error.code).toBe("invalid-command");
      expect(error.message).toMatch(/^The command contains a NUL byte \(\\0\), which bash cannot receive/);
      expect(error.message.split(". ")).toHaveLength(1);
    }
  });

  it("is refused by the executor (run and start), in a variable and in the workdir too", async () => {
    const exec = createLocalExecutor({ resolution: BASH, cwd: scratch });
    expect((await rejection(exec.run(exec.resolve({ command: "echo \0" })))).code).toBe("invalid-command");
    expect((await rejection(exec.start(exec.resolve({ command: "echo \0" })))).code).toBe("invalid-command");
    const variable = await rejection(exec.run(exec.resolve({ command: "true", env: { A: "x\0y" } })));
    expect(variable.code).toBe("invalid-command");
    const workdir = await rejection(exec.run(exec.resolve({ command: "true", workdir: "a\0b" })));
    expect(workdir.code).toBe("bad-cwd");
    await exec.close();
  });

  it("is a validation error for the tool, naming why", () => {
    const parsed = bashInputSchema.safeParse({ command: "echo \0", description: "Echo" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(/NUL byte/);
  });

  it("is an input error for shellgate run (exit 64), never a stack trace", async () => {
    const io = fakeIo(scratch);
    expect(await main(["run", "--profile", "unrestricted", "echo \0"], io)).toBe(64);
    expect(io.err()).toMatch(/^shellgate run: The command contains a NUL byte .*\n$/);
  });
});
