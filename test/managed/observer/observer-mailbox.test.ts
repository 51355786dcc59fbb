import { describe, expect, it } from "vitest";
import type { ObserverEvent } from "../../../src/managed/observer/observer-event.js";
import { ObserverMailbox } from "../../../src/managed/observer/observer-mailbox.js";

function mailbox(observer: (event: ObserverEvent) => unknown, capacity = 32, asyncDeadlineMs = 500) {
  return new ObserverMailbox({ observer, operationId: "op", ownerId: "owner", capacity, asyncDeadlineMs });
}

describe("ObserverMailbox", () => {
  it("delivers in order with the envelope", async () => {
    const seen: ObserverEvent[] = [];
    const box = mailbox((event) => {
      seen.push(event);
    });
    await box.postAndWait("started", {});
    box.post("state", {});
    await box.postAndWait("finished", {});
    expect(seen.map((event) => [event.phase, event.sequence, event.eventId])).toEqual([
      ["started", 1, "op:1"],
      ["state", 2, "op:2"],
      ["finished", 3, "op:3"],
    ]);
    expect(seen[0]).toMatchObject({
      schemaVersion: 1,
      source: "shellgate",
      kind: "process",
      ownerId: "owner",
    });
    expect(Date.parse(seen[0]!.at)).not.toBeNaN();
    expect(box.droppedEvents).toBe(0);
  });

  it("never makes the poster wait, drops beyond capacity and counts it", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const seen: number[] = [];
    const box = mailbox(async (event) => {
      seen.push(event.sequence);
      await gate;
    }, 4);
    const accepted = Array.from({ length: 10 }, () => box.post("output", {}));
    // The first event leaves the queue as its delivery starts; the queue then holds 4 more.
    expect(accepted.filter(Boolean).length).toBe(5);
    expect(box.droppedEvents).toBe(5);
    release();
    await box.flush();
    expect(seen).toEqual([1, 2, 3, 4, 5]);
  });

  it("counts a late async observer as a drop after its deadline and moves on", async () => {
    const seen: number[] = [];
    const box = mailbox(
      (event) => {
        seen.push(event.sequence);
        return event.sequence === 1 ? new Promise(() => undefined) : undefined;
      },
      32,
      50,
    );
    box.post("output", {});
    await box.postAndWait("finished", {});
    expect(seen).toEqual([1, 2]);
    expect(box.droppedEvents).toBe(1);
  });

  it("counts throwing and rejecting observers, never retrying", async () => {
    let calls = 0;
    const box = mailbox((event) => {
      calls++;
      if (event.sequence === 1) throw new Error("boom");
      return Promise.reject(new Error("nope"));
    });
    box.post("output", {});
    await box.postAndWait("output", {});
    expect(calls).toBe(2);
    expect(box.droppedEvents).toBe(2);
    await box.close();
    expect(box.post("output", {})).toBe(false);
  });
});

describe("ObserverMailbox lifecycle events", () => {
  it("waits for room instead of dropping a lifecycle event", async () => {
    const seen: string[] = [];
    const box = mailbox(async (event) => {
      seen.push(event.phase);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }, 2);
    for (let index = 0; index < 10; index++) box.post("output", {});
    await box.postAndWait("finished", {});
    expect(seen.at(-1)).toBe("finished");
    expect(box.droppedEvents).toBeGreaterThan(0);
  });
});
