import { describe, expect, it } from "vitest";
import { createShellgate } from "../../../src/api/create-shellgate.js";
import { ConfigError } from "../../../src/config/config-error.js";
import type { Executor } from "../../../src/execution/executor/executor.js";
import type { ExecutorDescription } from "../../../src/execution/executor/executor-description.js";

// A target that is not this machine: nothing of it exists here (no /srv/app, no user agent).
const description: ExecutorDescription = {
  location: "docker",
  resolution: {
    platform: "linux",
    kind: "bash",
    path: "/bin/bash",
    version: "5.2.15",
    home: "/home/agent",
    source: "target-probe",
    warnings: [],
    trace: [],
  },
  cwd: "/srv/app",
  home: "/home/agent",
  user: "agent",
  target: "container app",
  isolation:
    "Commands run in container `app` (image node:22) as `agent`: its own file system and processes, not the machine shellgate runs on; no network (network mode none).",
  spill: "host",
};

/** An executor that only describes its target; the tests here run no command. */
function describingExecutor(): Executor {
  const refuse = () => {
    throw new Error("no command runs in these tests");
  };
  return {
    resolution: description.resolution,
    describe: () => description,
    resolve: refuse,
    run: refuse,
    start: refuse,
    readOutput: refuse,
    kill: refuse,
    list: async () => [],
    ownerOf: refuse,
    onTaskDone: () => () => undefined,
    close: async () => undefined,
  };
}

describe("an instance whose executor runs commands in a remote target", () => {
  it("takes its shell, directory and home from the target, and describes the target to the model", async () => {
    const shellgate = await createShellgate({ working_dir: "work" }, { executor: describingExecutor() });
    try {
      expect(shellgate.shell).toBe(description.resolution);
      // Relative to the target's directory, and never checked on this machine.
      expect(shellgate.cwd).toBe("/srv/app/work");
      const [bash] = shellgate.tools();
      expect(bash?.description).toContain("Commands run in container `app` (image node:22) as `agent`");
      expect(bash?.description).toContain("kept in a file on the machine shellgate runs on");
      // The local override advice (bash_path) is about this machine's shells.
      expect(bash?.description).not.toContain("bash_path");
      expect(bash?.description.length).toBeLessThanOrEqual(2000);
    } finally {
      await shellgate.close();
    }
  });

  it("judges a command against the target's home, not this machine's", async () => {
    const shellgate = await createShellgate({}, { executor: describingExecutor() });
    try {
      expect(shellgate.check("rm -rf *", { cwd: "/home/agent" })).toMatchObject({ allowed: false });
      expect(shellgate.check("rm -rf *", { cwd: "/srv/app" })).toMatchObject({ allowed: true });
      expect(shellgate.check("rm -rf *")).toMatchObject({ allowed: true });
    } finally {
      await shellgate.close();
    }
  });

  it("refuses managed processes through a host's own executor that gives no launcher for them", async () => {
    await expect(
      createShellgate({ managed_processes: true }, { executor: describingExecutor() }),
    ).rejects.toThrow(/config key 'managed_processes': the host's executor offers no `launcher`/);
  });

  it("refuses a required OS sandbox, which cannot enclose a remote target", async () => {
    await expect(
      createShellgate({ sandbox: { mode: "required" } }, { executor: describingExecutor() }),
    ).rejects.toThrow(ConfigError);
    await expect(
      createShellgate({ sandbox: { mode: "required" } }, { executor: describingExecutor() }),
    ).rejects.toThrow(/encloses commands on this machine, but the executor runs them in container app/);
  });
});
