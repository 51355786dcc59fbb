import { afterEach, describe, expect, it } from "vitest";
import type { ShellResolution } from "../../platforms/resolve/resolution.js";
import { planSpawn } from "../../src/execution/spawn/plan-spawn.js";
import type { TerminateTreeFunction } from "../../src/managed/process-manager-options.js";
import { closeTestManagers, createTestManager, waitForFinal } from "./manager-fixture.js";

// The Windows decisions of a managed start, carried out on Linux: the plan comes from the host's
// resolution (Git Bash here), teardown is handed to terminateTree with platform win32 (taskkill),
// and there is no post-exit group sweep. The seams run the planned command with this machine's
// bash, so everything else is real.

const gitBash: ShellResolution = {
  platform: "win32",
  kind: "gitbash",
  path: "C:\\Program Files\\Git\\bin\\bash.exe",
  source: "test",
  warnings: [],
  trace: [],
};

afterEach(closeTestManagers);

describe("managed processes with Windows decisions", () => {
  it("plans through planSpawn for Git Bash and tears down with the win32 terminateTree", async () => {
    const planned: { file: string; args: readonly string[] }[] = [];
    const teardowns: Parameters<TerminateTreeFunction>[] = [];
    const manager = createTestManager(
      {},
      {
        platform: "win32",
        resolution: gitBash,
        planSpawn: (resolution, command, cwd) => {
          const plan = planSpawn(resolution, command, cwd);
          planned.push(plan);
          // Run the same wrapper (the command travels in SHELLGATE_COMMAND) with this machine's bash.
          return { ...plan, file: "/bin/bash", cwd: process.cwd() };
        },
        terminateTree: async (pid, options) => {
          teardowns.push([pid, options]);
          process.kill(pid, "SIGKILL");
        },
      },
    );
    const quick = await manager.start({ command: "echo 'from git bash' \"$((6*7))\"" });
    expect(planned[0]?.file).toBe("C:\\Program Files\\Git\\bin\\bash.exe");
    expect(planned[0]?.args.join(" ")).not.toContain("from git bash");
    const final = await waitForFinal(manager, quick.process_id);
    expect(final.state).toBe("completed");
    expect(
      (await manager.read({ process_id: quick.process_id })).chunks.map((chunk) => chunk.text).join(""),
    ).toBe("from git bash 42\n");
    expect(teardowns).toEqual([]); // no group sweep after a normal exit on Windows

    const long = await manager.start({ command: "exec sleep 30" });
    const terminated = await manager.terminate({ process_id: long.process_id });
    expect(terminated).toMatchObject({ state: "cancelled", termination_reason: "cancel" });
    expect(teardowns).toEqual([
      [long.pid, expect.objectContaining({ platform: "win32", graceMs: 300, marker: expect.any(Object) })],
    ]);
  });
});
