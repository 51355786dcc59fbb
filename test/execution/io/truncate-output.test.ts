import { describe, expect, it } from "vitest";
import { joinTruncated, truncateOutput } from "../../../src/execution/io/truncate-output.js";

function lines(count: number, from = 1): string {
  return Array.from({ length: count }, (_, index) => `line ${index + from}\n`).join("");
}

describe("truncateOutput", () => {
  it("keeps whole lines from the head and the tail, about 40% each", () => {
    const text = lines(1000);
    const bytes = Buffer.from(text);
    const cut = truncateOutput({ head: bytes, tail: bytes, totalBytes: bytes.length, limit: 1000 });
    expect(cut.mode).toBe("lines");
    const head = cut.head.toString();
    const tail = cut.tail.toString();
    expect(head.startsWith("line 1\n")).toBe(true);
    expect(head.endsWith("\n")).toBe(true);
    expect(tail.endsWith("line 1000\n")).toBe(true);
    expect(tail.startsWith("line ")).toBe(true);
    expect(cut.head.length).toBeLessThanOrEqual(400);
    expect(cut.tail.length).toBeLessThanOrEqual(400);
    expect(cut.omittedBytes).toBe(bytes.length - cut.head.length - cut.tail.length);
    expect(cut.marker).toMatch(
      /^\[\.\.\. output truncated: showing the first \d+ and the last \d+ lines; \d+ of \d+ bytes omitted \.\.\.\]$/,
    );
  });

  it("falls back to byte cuts for huge lines, never splitting a UTF-8 character", () => {
    const bytes = Buffer.from("é".repeat(5000)); // one line, 2 bytes per character
    const cut = truncateOutput({ head: bytes, tail: bytes, totalBytes: bytes.length, limit: 1001 });
    expect(cut.mode).toBe("bytes");
    expect(cut.head.toString()).toBe("é".repeat(200));
    expect(cut.tail.toString()).toBe("é".repeat(200));
    expect(cut.marker).toContain("by bytes");
  });

  it("joins head, marker and tail on their own lines", () => {
    expect(joinTruncated("a\n", "[m]", "z\n")).toBe("a\n[m]\nz\n");
    expect(joinTruncated("abc", "[m]", "z")).toBe("abc\n[m]\nz");
  });
});
