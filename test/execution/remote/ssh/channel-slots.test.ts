import { describe, expect, it } from "vitest";
import { ChannelSlots } from "../../../../src/execution/remote/ssh/channel-slots.js";

describe("ChannelSlots", () => {
  it("queues beyond the limit and serves waiters in order as slots free up", async () => {
    const slots = new ChannelSlots(2);
    const first = await slots.acquire();
    const second = await slots.acquire();
    const order: number[] = [];
    const third = slots.acquire().then((release) => {
      order.push(3);
      return release;
    });
    const fourth = slots.acquire().then((release) => {
      order.push(4);
      return release;
    });
    await Promise.resolve();
    expect(slots.open).toBe(2);
    first();
    first(); // a second call gives nothing back twice
    (await third)();
    second();
    (await fourth)();
    expect(order).toEqual([3, 4]);
    expect(slots.open).toBe(0);
  });

  it("lowers the limit to what the server accepted, and gives up when it accepted nothing", async () => {
    const slots = new ChannelSlots(10);
    const held = [await slots.acquire(), await slots.acquire(), await slots.acquire()];
    const refused = await slots.acquire();
    expect(slots.lowerToOpen(refused)).toBe(true);
    expect(slots.limit).toBe(3);
    const waiting = slots.acquire();
    held[0]?.();
    (await waiting)();
    const lone = new ChannelSlots(4);
    expect(lone.lowerToOpen(await lone.acquire())).toBe(false);
  });
});
