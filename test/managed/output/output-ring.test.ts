import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ChunkContent } from "../../../src/managed/output/output-chunk.js";
import { OutputRing } from "../../../src/managed/output/output-ring.js";

function content(bytes: number, text = "x".repeat(bytes)): ChunkContent {
  return { stream: "stdout", text, bytes, binary_output_withheld: false, encoding_loss: false };
}

describe("OutputRing", () => {
  it("numbers chunks by sequence and rereads the same page", () => {
    const ring = new OutputRing(100_000, 1024);
    ring.append(content(3, "abc"));
    ring.append(content(2, "de"));
    const first = ring.page(0, 4096);
    expect(first.chunks.map((chunk) => [chunk.cursor, chunk.text])).toEqual([
      [0, "abc"],
      [1, "de"],
    ]);
    expect(first.next_cursor).toBe(2);
    expect(first.has_more).toBe(false);
    expect(ring.page(0, 4096)).toEqual(first);
    expect(ring.page(2, 4096).chunks).toEqual([]);
  });

  it("rejects a cursor beyond the latest", () => {
    const ring = new OutputRing(100_000, 1024);
    ring.append(content(1));
    expect(() => ring.page(2, 4096)).toThrow(/beyond the latest output cursor 1/);
  });

  it("drops oldest output by bytes and signals an expired cursor", () => {
    const ring = new OutputRing(8192, 1024);
    for (let index = 0; index < 25; index++) ring.append(content(4096));
    const counters = ring.counters();
    expect(counters.retained_output_bytes).toBe(8192);
    expect(counters.dropped_output_bytes).toBe(23 * 4096);
    expect(counters.earliest_cursor).toBe(23);
    const page = ring.page(0, 4096);
    expect(page.cursor_expired).toBe(true);
    expect(page.chunks.map((chunk) => chunk.cursor)).toEqual([23]);
    expect(page.has_more).toBe(true);
    expect(page.next_cursor).toBe(24);
  });

  it("drops by chunk count at 1,024 chunks", () => {
    const ring = new OutputRing(10_000_000, 1024);
    for (let index = 0; index < 1500; index++) ring.append(content(1));
    expect(ring.counters()).toMatchObject({
      earliest_cursor: 476,
      latest_cursor: 1500,
      dropped_output_bytes: 476,
    });
  });

  it("keeps exact accounting and contiguous pages for any appends and budgets", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 4096, max: 20_000 }),
        fc.integer({ min: 1, max: 64 }),
        fc.array(fc.integer({ min: 0, max: 4096 }), { maxLength: 300 }),
        fc.integer({ min: 4096, max: 100_000 }),
        fc.nat(),
        (maxBytes, maxChunks, sizes, pageBudget, cursorSeed) => {
          const ring = new OutputRing(maxBytes, maxChunks);
          for (const size of sizes) ring.append(content(size));
          const counters = ring.counters();
          const total = sizes.reduce((sum, size) => sum + size, 0);
          expect(counters.total_output_bytes).toBe(total);
          expect(counters.dropped_output_bytes + counters.retained_output_bytes).toBe(total);
          expect(counters.retained_output_bytes).toBeLessThanOrEqual(maxBytes);
          expect(counters.latest_cursor - counters.earliest_cursor).toBeLessThanOrEqual(maxChunks);
          const dropped = sizes.slice(0, counters.earliest_cursor).reduce((sum, size) => sum + size, 0);
          expect(counters.dropped_output_bytes).toBe(dropped);

          const cursor = cursorSeed % (counters.latest_cursor + 1);
          const page = ring.page(cursor, pageBudget);
          expect(page.cursor_expired).toBe(cursor < counters.earliest_cursor);
          const start = Math.max(cursor, counters.earliest_cursor);
          page.chunks.forEach((chunk, index) => {
            expect(chunk.cursor).toBe(start + index);
          });
          const pageBytes = page.chunks.reduce((sum, chunk) => sum + chunk.bytes, 0);
          if (page.chunks.length > 1) expect(pageBytes).toBeLessThanOrEqual(pageBudget);
          expect(page.has_more).toBe(page.next_cursor < counters.latest_cursor);
          // Following next_cursor visits every retained chunk exactly once.
          let seen = page.chunks.length;
          for (let next = page; next.has_more; ) {
            next = ring.page(next.next_cursor, pageBudget);
            expect(next.cursor_expired).toBe(false);
            seen += next.chunks.length;
          }
          expect(seen).toBe(counters.latest_cursor - start);
        },
      ),
      { numRuns: 300 },
    );
  });
});
