import { afterEach, describe, expect, it } from "vitest";
import type { ObserverEvent } from "../../src/managed/observer/observer-event.js";
import { skipUnderWine } from "../support/platform.js";
import { closeTestManagers, createTestManager, waitForFinal } from "./manager-fixture.js";

afterEach(closeTestManagers);

describe("managed process observation", () => {
  it("delivers started, output, state and finished in order, without the command or stdin", async (context) => {
    skipUnderWine(context, "no-git-bash");
    const events: ObserverEvent[] = [];
    const manager = createTestManager(
      { managed_stdin: true, safety_profile: "unrestricted" },
      { observe: (event) => void events.push(event) },
    );
    const started = await manager.start({ command: "cat > /dev/null; echo visible # SECRET-COMMAND" });
    expect(started.observer_available).toBe(true);
    expect(events[0]?.phase).toBe("started");
    await manager.write({ process_id: started.process_id, stdin: "SECRET-STDIN\n", close_stdin: true });
    const final = await waitForFinal(manager, started.process_id);
    await manager.close();
    const phases = events.map((event) => event.phase);
    expect(phases[0]).toBe("started");
    expect(phases.at(-1)).toBe("finished");
    expect(phases).toContain("output");
    expect(events.map((event) => event.sequence)).toEqual(events.map((_, index) => index + 1));
    expect(
      events.every((event) => event.operationId === started.process_id && event.ownerId === manager.ownerId),
    ).toBe(true);
    expect(events.every((event) => event.source === "shellgate" && event.kind === "process")).toBe(true);
    const output = events
      .filter((event) => event.phase === "output")
      .map((event) => event.chunk?.text)
      .join("");
    expect(output).toBe("visible\n");
    expect(events.at(-1)?.status).toMatchObject({ state: "completed", returncode: 0 });
    expect(JSON.stringify(events)).not.toMatch(/SECRET-COMMAND|SECRET-STDIN/);
    expect(final.observer_dropped_events).toBe(0);
  });

  it("observes started before any output, even for a command that prints at once", async (context) => {
    skipUnderWine(context, "no-git-bash");
    const events: ObserverEvent[] = [];
    const manager = createTestManager({}, { observe: (event) => void events.push(event) });
    const started = await manager.start({ command: "printf early" });
    await waitForFinal(manager, started.process_id);
    await manager.close();
    expect(events[0]?.phase).toBe("started");
    expect(events.filter((event) => event.phase === "output").map((event) => event.chunk?.text)).toEqual([
      "early",
    ]);
    expect(events.at(-1)?.phase).toBe("finished");
  });

  it("reports a cancellation request as a state event", async (context) => {
    skipUnderWine(context, "no-git-bash");
    const events: ObserverEvent[] = [];
    const manager = createTestManager({}, { observe: (event) => void events.push(event) });
    const started = await manager.start({ command: "exec sleep 30" });
    await manager.terminate({ process_id: started.process_id });
    await manager.close();
    expect(events.map((event) => event.phase)).toEqual(["started", "state", "finished"]);
    expect(events[1]?.status).toMatchObject({ state: "cancel_requested", cancellation_requested: true });
    expect(events[2]?.status).toMatchObject({ state: "cancelled" });
  });

  it("drops events for a slow observer without slowing the process, and says so", async (context) => {
    skipUnderWine(context, "no-git-bash");
    const events: ObserverEvent[] = [];
    const manager = createTestManager(
      {},
      {
        observe: async (event) => {
          events.push(event);
          await new Promise((resolve) => setTimeout(resolve, 10));
        },
      },
    );
    const started = await manager.start({ command: "head -c 500000 /dev/zero | tr '\\0' a" });
    const final = await waitForFinal(manager, started.process_id);
    expect(final).toMatchObject({ state: "completed", total_output_bytes: 500_000, output_complete: true });
    expect(final.observer_dropped_events).toBeGreaterThan(0);
    await manager.close();
    const sequences = events.map((event) => event.sequence);
    expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
    expect(sequences.at(-1)! - sequences.length).toBeGreaterThan(0); // gaps make the loss explicit
    expect(events.at(-1)?.phase).toBe("finished");
    expect(events.at(-1)?.observerDroppedEvents).toBeGreaterThan(0);
  });

  it("a throwing observer never orphans or fails the process", async () => {
    const manager = createTestManager(
      {},
      {
        observe: () => {
          throw new Error("observer down");
        },
      },
    );
    const started = await manager.start({ command: "echo hi" });
    const final = await waitForFinal(manager, started.process_id);
    expect(final).toMatchObject({ state: "completed", observer_available: true });
    expect(final.observer_dropped_events).toBeGreaterThan(0);
  });
});
