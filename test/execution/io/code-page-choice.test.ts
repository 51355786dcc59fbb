import { describe, expect, it } from "vitest";
import { decodeCodePageLines, readability } from "../../../src/execution/io/code-page-choice.js";

describe("readability", () => {
  it("rewards letters of their word's own script and penalises the rest", () => {
    expect(readability("café")).toBe(1);
    expect(readability("cafΘ")).toBe(-1);
    expect(readability("привет")).toBe(6);
    expect(readability("╨┐╤А╨╕")).toBeLessThan(0);
  });
});

describe("decodeCodePageLines", () => {
  it("picks the Cyrillic ANSI page (1251) over the OEM one (866) for text written in 1251", () => {
    const bytes = Buffer.from([0xef, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2, 0x0a]); // "привет" in cp1251
    expect(decodeCodePageLines(bytes, { ansi: 1251, oem: 866 })).toEqual({
      text: "привет\n",
      codePage: 1251,
      guessed: false,
      alternative: 866,
    });
  });

  it("decodes with the one page there is, and is no guess when both pages are the same", () => {
    expect(decodeCodePageLines(Buffer.from([0x81, 0x0a]), { ansi: 437, oem: 437 })).toEqual({
      text: "ü\n",
      codePage: 437,
      guessed: false,
    });
    expect(decodeCodePageLines(Buffer.from([0x81]), { ansi: null, oem: null })).toBeNull();
    expect(decodeCodePageLines(Buffer.from([0x81]), { ansi: 65001, oem: null })).toBeNull();
  });
});
