import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { SpillDirectory } from "../../../src/execution/io/spill-directory.js";
import { runCommand } from "../../../src/execution/run/run-command.js";
import { MAX_COMMAND_BYTES } from "../../../src/execution/spawn/long-command.js";
import { defaultResolution } from "../../../src/managed/start/launch-managed-start.js";
import { BASH } from "../../fixtures/exec/resolutions.js";
import { onWindows } from "../../support/platform.js";
import { closeTestManagers, createTestManager, waitForFinal } from "../manager-fixture.js";

const scratch = mkdtempSync(path.join(os.tmpdir(), "managed-start-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
afterEach(closeTestManagers);

/** The message of what `promise` rejects with. */
async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Error);
  return (error as Error).message;
}

// A managed start is prepared by the one prepare step, so it behaves as a foreground run does.
describe.skipIf(onWindows)("a managed start and a foreground run, side by side", () => {
  const foreground = { resolution: BASH, cwd: scratch, spillDirectory: new SpillDirectory(scratch) };

  it("run a command of 1 MiB the same way (through a script file)", { timeout: 60_000 }, async () => {
    const tail = "; echo long-ok";
    const command = `: ${"x".repeat(MAX_COMMAND_BYTES - 2 - tail.length)}${tail}`;
    expect(Buffer.byteLength(command)).toBe(MAX_COMMAND_BYTES);
    const run = await runCommand(command, foreground);
    expect(run.stdout).toBe("long-ok\n");
    const manager = createTestManager({}, { cwd: scratch, spillDirectory: foreground.spillDirectory });
    const started = await manager.start({ command });
    const final = await waitForFinal(manager, started.process_id);
    expect(final.state).toBe("completed");
    const page = await manager.read({ process_id: started.process_id });
    expect(page.chunks.map((chunk) => chunk.text).join("")).toBe("long-ok\n");
  });

  it("refuse a command over the limit with the same sentence", async () => {
    const command = `: ${"x".repeat(MAX_COMMAND_BYTES)}`;
    const manager = createTestManager({}, { cwd: scratch, spillDirectory: foreground.spillDirectory });
    expect(await failure(manager.start({ command }))).toBe(await failure(runCommand(command, foreground)));
  });

  it("refuse a NUL byte with the same sentence", async () => {
    const manager = createTestManager({}, { cwd: scratch, spillDirectory: foreground.spillDirectory });
    const managed = await failure(manager.start({ command: "echo a\0b" }, {}));
    expect(managed).toMatch(/NUL byte/);
    expect(managed).toBe(await failure(runCommand("echo a\0b", foreground)));
  });

  it("refuse a missing working directory before anything starts, with the same sentence", async () => {
    const missing = path.join(scratch, "gone");
    const manager = createTestManager({}, { cwd: scratch, spillDirectory: foreground.spillDirectory });
    const managed = await failure(manager.start({ command: "echo hi" }, { cwd: missing }));
    expect(managed).toMatch(/does not exist/);
    expect(managed).toBe(await failure(runCommand("echo hi", { ...foreground, cwd: missing })));
    expect((await manager.list()).processes).toEqual([]);
  });
});

describe("the default managed resolution", () => {
  it("has no shell on Windows: the host must pass its resolution, and a start says so", async () => {
    const manager = createTestManager({}, { platform: "win32", resolution: defaultResolution("win32") });
    await expect(manager.start({ command: "echo hi" })).rejects.toMatchObject({
      code: "spawn_failed",
      message: expect.stringMatching(/no executable path/),
    });
  });
});
