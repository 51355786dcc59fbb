import os from "node:os";
import { describe, expect, it } from "vitest";
import { createShellgate } from "../../src/api/create-shellgate.js";
import type { Shellgate } from "../../src/api/shellgate.js";
import { ConfigError } from "../../src/config/config-error.js";
import type { Executor } from "../../src/execution/executor/executor.js";
import type { ExecutorDescription } from "../../src/execution/executor/executor-description.js";
import { createLocalExecutor } from "../../src/execution/executor/local-executor.js";
import type { Launcher, LaunchPlan } from "../../src/execution/launch/launcher.js";
import type { ProcessPage } from "../../src/managed/receipts/status-receipt.js";
import { createFakeLauncher, FAKE_PROGRAMS } from "../support/fake-launcher.js";
import { testResolution } from "../support/resolution.js";

// Managed processes (process_*) with a host's own executor: they start through the launcher the
// executor offers, where its commands run; without one the instance refuses to start rather than
// run them on this machine.

// A target that is not this machine: nothing of it exists here (no /srv/app, no user agent).
const description: ExecutorDescription = {
  location: "docker",
  resolution: testResolution({ home: "/home/agent", source: "target-probe" }),
  cwd: "/srv/app",
  home: "/home/agent",
  user: "agent",
  target: "container app",
  isolation: "Commands run in container `app` as `agent`: its own file system and processes.",
  spill: "host",
};

const HOST_ONLY = "SHELLGATE_TEST_HOST_ONLY";

/** An in-memory launcher that records each plan it is given; `local` says where it stands. */
function recordingLauncher(local: boolean): { launcher: Launcher; plans: LaunchPlan[] } {
  const plans: LaunchPlan[] = [];
  const fake = createFakeLauncher(FAKE_PROGRAMS);
  return {
    plans,
    launcher: {
      launch(plan, stdio) {
        plans.push(plan);
        return fake.launch(plan, stdio);
      },
      canLaunchTerminal: () => fake.canLaunchTerminal(),
      local,
    },
  };
}

/** An executor that only describes its remote target (and offers `launcher` when given). */
function describingExecutor(launcher?: Launcher): Executor & { closed: number } {
  const refuse = () => {
    throw new Error("no bash command runs in these tests");
  };
  const executor = {
    closed: 0,
    resolution: description.resolution,
    ...(launcher ? { launcher } : {}),
    describe: () => description,
    resolve: refuse,
    run: refuse,
    start: refuse,
    readOutput: refuse,
    kill: refuse,
    list: async () => [],
    ownerOf: refuse,
    onTaskDone: () => () => undefined,
    close: async () => {
      executor.closed += 1;
    },
  };
  return executor;
}

/** Everything a managed process printed until it ended. */
async function untilEnd(
  shellgate: Shellgate,
  processId: string,
): Promise<{ text: string; last: ProcessPage }> {
  const manager = shellgate.processes();
  let cursor = 0;
  let text = "";
  for (;;) {
    const page = await manager.wait({ process_id: processId, cursor, wait_ms: 5000 });
    text += page.chunks.map((chunk) => chunk.text).join("");
    cursor = page.next_cursor;
    if (page.state !== "running" && page.state !== "cancel_requested" && !page.has_more) {
      return { text, last: page };
    }
  }
}

describe("managed processes with a host's own executor", () => {
  it("refuses to start when the executor offers no launcher, naming the key", async () => {
    const executor = describingExecutor();
    const attempt = createShellgate({ managed_processes: true }, { executor });
    await expect(attempt).rejects.toThrow(ConfigError);
    const error = (await attempt.catch((caught: unknown) => caught)) as ConfigError;
    expect(error.keys).toEqual(["managed_processes"]);
    expect(error.message).toBe(
      "config key 'managed_processes': the host's executor offers no `launcher`, so process_* would run on this machine rather than where its commands run; give the executor a launcher or set managed_processes to false",
    );
  });

  it("starts without the process tools when managed_processes is off", async () => {
    const shellgate = await createShellgate({}, { executor: describingExecutor() });
    try {
      expect(shellgate.tools().map((tool) => tool.name)).not.toContain("process_start");
    } finally {
      await shellgate.close();
    }
  });

  it("starts them through the executor's launcher, in the target's directory and environment", async () => {
    const { launcher, plans } = recordingLauncher(false);
    const executor = describingExecutor(launcher);
    const shellgate = await createShellgate(
      { safety_profile: "unrestricted", managed_processes: true, managed_stdin: true },
      { executor, env: { ...process.env, [HOST_ONLY]: "leaked" } },
    );
    try {
      expect(shellgate.tools().map((tool) => tool.name)).toContain("process_start");
      const manager = shellgate.processes();
      const started = await manager.start({ command: "cat" });
      await manager.write({ process_id: started.process_id, stdin: "typed\n" });
      await manager.write({ process_id: started.process_id, close_stdin: true });
      const { text, last } = await untilEnd(shellgate, started.process_id);
      expect(text).toBe("typed\n");
      expect(last.returncode).toBe(0);
      expect(plans).toHaveLength(1);
      expect(plans[0]?.cwd).toBe("/srv/app");
      expect(plans[0]?.env[HOST_ONLY]).toBeUndefined();
      expect(plans[0]?.env.HOME).toBe("/home/agent");
    } finally {
      await shellgate.close();
    }
    expect(executor.closed).toBe(1);
  });

  it("gives a terminal where the executor's launcher offers one", async () => {
    const { launcher } = recordingLauncher(false);
    const shellgate = await createShellgate(
      { safety_profile: "unrestricted", managed_processes: true, managed_pty: true },
      { executor: describingExecutor(launcher) },
    );
    try {
      const manager = shellgate.processes();
      const started = await manager.start({ command: "test -t 1 && echo on-a-terminal", pty: true });
      const { text, last } = await untilEnd(shellgate, started.process_id);
      expect(text).toContain("on-a-terminal");
      expect(last.output_streams).toBe("merged");
    } finally {
      await shellgate.close();
    }
  });

  it("keeps a local executor's managed processes on its launcher, which it offers", async () => {
    const { launcher, plans } = recordingLauncher(true);
    const cwd = os.tmpdir();
    const resolution = testResolution({ platform: process.platform });
    const local = createLocalExecutor({ resolution, cwd, launcher });
    expect(local.launcher).toBe(launcher);
    // A host's decorator of it keeps the launcher, so process_* start where its commands do.
    const shellgate = await createShellgate(
      { safety_profile: "unrestricted", managed_processes: true, working_dir: cwd },
      { executor: { ...local }, shell: resolution },
    );
    try {
      const started = await shellgate.processes().start({ command: "echo out; echo err >&2; exit 3" });
      const { text, last } = await untilEnd(shellgate, started.process_id);
      expect(text).toContain("out\n");
      expect(last.returncode).toBe(3);
      expect(plans).toHaveLength(1);
    } finally {
      await shellgate.close();
    }
  });

  it("offers this machine's launcher from a local executor given none", () => {
    const local = createLocalExecutor({ resolution: testResolution({ platform: process.platform }) });
    expect(local.launcher?.local).toBe(true);
  });
});
