import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { incompleteUtf8Suffix, utf8SafeEnd, utf8SafeStart } from "../../../src/execution/io/utf8-boundary.js";

const strict = new TextDecoder("utf-8", { fatal: true });

describe("UTF-8 boundaries", () => {
  it("never cuts inside a character, at any cut point of any text (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 40 }), fc.nat(), (text, seed) => {
        const bytes = Buffer.from(text);
        const cut = bytes.length === 0 ? 0 : seed % (bytes.length + 1);
        const end = utf8SafeEnd(bytes, cut);
        const start = utf8SafeStart(bytes, cut);
        expect(end).toBeLessThanOrEqual(cut);
        expect(start).toBeGreaterThanOrEqual(cut);
        expect(() => strict.decode(bytes.subarray(0, end))).not.toThrow();
        expect(() => strict.decode(bytes.subarray(start))).not.toThrow();
        const suffix = incompleteUtf8Suffix(bytes.subarray(0, cut));
        expect(() => strict.decode(bytes.subarray(0, cut - suffix))).not.toThrow();
      }),
    );
  });

  it("counts the bytes of an unfinished last character", () => {
    const euro = Buffer.from("€"); // e2 82 ac
    expect(incompleteUtf8Suffix(euro.subarray(0, 1))).toBe(1);
    expect(incompleteUtf8Suffix(euro.subarray(0, 2))).toBe(2);
    expect(incompleteUtf8Suffix(euro)).toBe(0);
    expect(incompleteUtf8Suffix(Buffer.from("a"))).toBe(0);
  });
});
