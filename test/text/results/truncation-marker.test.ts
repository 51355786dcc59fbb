import { describe, expect, it } from "vitest";
import { truncationMarker } from "../../../src/text/results/truncation-marker.js";

describe("the truncation marker", () => {
  it("says what was kept by lines and what was left out", () => {
    expect(
      truncationMarker({ mode: "lines", headLines: 3, tailLines: 4, omittedBytes: 900, totalBytes: 1000 }),
    ).toBe("[... output truncated: showing the first 3 and the last 4 lines; 900 of 1000 bytes omitted ...]");
  });

  it("says why it cut by bytes", () => {
    expect(
      truncationMarker({ mode: "bytes", headBytes: 40, tailBytes: 40, omittedBytes: 920, totalBytes: 1000 }),
    ).toBe(
      "[... output truncated by bytes (lines too long): showing the first 40 and the last 40 bytes; 920 of 1000 bytes omitted ...]",
    );
  });
});
