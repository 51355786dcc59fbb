import { describe, expect, it } from "vitest";
import { managedSettingsFromConfig } from "../../src/api/config-options.js";
import { ProcessRegistry } from "../../src/api/process-registry.js";
import { parseConfig } from "../../src/config/parse-config.js";
import { ManagedProcessError } from "../../src/managed/managed-process-error.js";
import { createProcessManager } from "../../src/managed/process-manager.js";
import { waitUntilGone } from "../support/process-probe.js";

const config = parseConfig({ managed_processes: true, safety_profile: "unrestricted" });
const registry = () =>
  new ProcessRegistry(() =>
    createProcessManager({
      ...managedSettingsFromConfig(config),
      check: () => ({ allowed: true, profile: "unrestricted" }),
    }),
  );

describe("ProcessRegistry", () => {
  it("gives each owner its own manager, so one owner cannot see another's processes", async () => {
    const processes = registry();
    const mine = processes.for("owner-a");
    expect(processes.for("owner-a")).toBe(mine);
    expect(processes.for("owner-b")).not.toBe(mine);
    const started = await mine.start({ command: "sleep 30" });
    const error = await processes
      .for("owner-b")
      .status({ process_id: started.process_id })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ManagedProcessError);
    expect((await processes.for("owner-b").list()).processes).toHaveLength(0);
    await processes.close();
    expect(started.pid).toEqual(expect.any(Number));
    expect(await waitUntilGone(started.pid as number)).toBe(true);
  });

  it("refuses starts from an owner that first appears after close", async () => {
    const processes = registry();
    await processes.close();
    const error = await processes
      .for("late")
      .start({ command: "true" })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ManagedProcessError);
    expect((error as ManagedProcessError).code).toBe("session_closed");
  });
});
