import { afterEach, describe, expect, it } from "vitest";
import { safetyGateOptionsFromConfig } from "../../src/api/config-options.js";
import { configSchema, type ShellgateConfigInput } from "../../src/config/schema.js";
import { createConcurrencyCounter } from "../../src/execution/concurrency/concurrency-counter.js";
import { createSafetyGate } from "../../src/safety/index.js";
import type { Verdict } from "../../src/safety/verdict.js";
import { closeTestManagers, createTestManager, waitForFinal } from "./manager-fixture.js";

afterEach(closeTestManagers);

describe("managed process limits and gates", () => {
  it("evicts the oldest completed record, and evicted ids fail explicitly", async () => {
    const manager = createTestManager({ managed_max_processes: 1 });
    const first = await manager.start({ command: "exit 0" });
    await waitForFinal(manager, first.process_id);
    const second = await manager.start({ command: "exec sleep 30" });
    await expect(manager.read({ process_id: first.process_id })).rejects.toMatchObject({
      code: "evicted_process",
    });
    await expect(manager.status({ process_id: first.process_id })).rejects.toThrow(/was evicted/);
    // All records active: the next start is rejected, and nothing is evicted.
    await expect(manager.start({ command: "echo no" })).rejects.toThrow(/record limit reached/);
    expect((await manager.status({ process_id: second.process_id })).state).toBe("running");
  });

  it("concurrent starts against a record limit of 1: exactly one runs", async () => {
    const manager = createTestManager({ managed_max_processes: 1 });
    const results = await Promise.allSettled([
      manager.start({ command: "exec sleep 30" }),
      manager.start({ command: "exec sleep 30" }),
      manager.start({ command: "exec sleep 30" }),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect((await manager.list()).processes).toHaveLength(1);
  });

  it("shares max_concurrent with foreground runs for the whole lifetime", async () => {
    const concurrency = createConcurrencyCounter(1);
    const manager = createTestManager({ max_concurrent: 1 }, { concurrency });
    expect(concurrency.tryAcquire()).toBe(true); // a foreground run
    await expect(manager.start({ command: "echo hi" })).rejects.toMatchObject({ code: "concurrency_limit" });
    concurrency.release();
    const started = await manager.start({ command: "exec sleep 30" });
    expect(concurrency.tryAcquire()).toBe(false);
    await manager.terminate({ process_id: started.process_id });
    expect(concurrency.active).toBe(0);
  });

  it("runs every start through the safety gate", async () => {
    const check = (command: string): Verdict =>
      command.includes("forbidden")
        ? {
            allowed: false,
            profile: "strict",
            rule: "list.denied",
            reason: "echo forbidden is denied by denied_commands.",
          }
        : { allowed: true, profile: "strict" };
    const manager = createTestManager({ denied_commands: ["echo forbidden"] }, { check });
    await expect(manager.start({ command: "echo forbidden" })).rejects.toMatchObject({
      code: "blocked",
      message:
        "Command blocked by the safety gate (profile strict, rule list.denied): echo forbidden is denied by denied_commands.",
    });
    expect((await manager.list()).processes).toEqual([]);
  });

  it("applies the real safety gate and its denied_commands to start", async () => {
    const config: ShellgateConfigInput = { safety_profile: "standard", denied_commands: ["echo forbidden"] };
    const gate = await createSafetyGate(safetyGateOptionsFromConfig(configSchema.parse(config)));
    const manager = createTestManager(config, { check: (command) => gate.check(command) });
    await expect(manager.start({ command: "echo forbidden" })).rejects.toMatchObject({ code: "blocked" });
    await expect(manager.start({ command: "sudo rm -rf /" })).rejects.toThrow(
      /^Command blocked by the safety gate \(profile standard, rule [\w.]+\): Blocked: /,
    );
    const allowed = await manager.start({ command: "echo allowed" });
    expect((await waitForFinal(manager, allowed.process_id)).state).toBe("completed");
  });

  it("admits question ids exactly, after approvals, and a refusal keeps the completed record", async () => {
    const seen: string[][] = [];
    let answer: unknown = { admitted: true, questionIds: ["q1", "q2"] };
    const manager = createTestManager(
      { managed_max_processes: 1 },
      {
        admitQuestions: (ids) => {
          seen.push([...ids]);
          return answer;
        },
      },
    );
    const first = await manager.start({ command: "exit 0", question_ids: ["q1", "q2"] });
    expect(first.question_ids).toEqual(["q1", "q2"]);
    await waitForFinal(manager, first.process_id);
    for (const refusal of [
      null,
      {},
      { admitted: false, questionIds: ["q1"] },
      { admitted: true, questionIds: ["q2"] },
    ]) {
      answer = refusal;
      await expect(manager.start({ command: "echo hi", question_ids: ["q1"] })).rejects.toThrow(
        /did not confirm/,
      );
    }
    expect((await manager.status({ process_id: first.process_id })).state).toBe("completed");
    expect(seen[0]).toEqual(["q1", "q2"]);
  });

  it("fails closed when question ids are given but the host cannot admit them", async () => {
    const manager = createTestManager();
    await expect(manager.start({ command: "echo hi", question_ids: ["q1"] })).rejects.toThrow(
      /cannot be verified by this host/,
    );
    const plain = await manager.start({ command: "echo hi" });
    expect(plain.question_ids).toEqual([]);
  });
});
