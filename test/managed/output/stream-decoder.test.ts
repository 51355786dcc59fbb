import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { guardBinary } from "../../../src/execution/io/binary-guard.js";
import { chunkText } from "../../../src/managed/output/output-chunk.js";
import { StreamDecoder, wholeCharacters } from "../../../src/managed/output/stream-decoder.js";

function decodeInPieces(bytes: Uint8Array, cuts: readonly number[]) {
  const decoder = new StreamDecoder("stdout", guardBinary);
  const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks = [];
  let previous = 0;
  for (const point of [...points, bytes.length]) {
    chunks.push(...decoder.decode(bytes.subarray(previous, point)));
    previous = point;
  }
  const last = decoder.end();
  if (last) chunks.push(last);
  return chunks.map((chunk) => ({ ...chunk, text: chunkText(chunk) }));
}

describe("StreamDecoder", () => {
  it("reassembles a character split across reads", () => {
    const chunks = decodeInPieces(new Uint8Array([0xe2, 0x82, 0xac]), [1]);
    expect(chunks.map((chunk) => chunk.text).join("")).toBe("€");
    expect(chunks.some((chunk) => chunk.encoding_loss)).toBe(false);
    expect(chunks.map((chunk) => chunk.bytes)).toEqual([1, 2]);
  });

  it("reassembles any text split at any byte offsets, with no loss and exact byte counts", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme", maxLength: 3000 }),
        fc.array(fc.nat(), { maxLength: 20 }),
        (text, cuts) => {
          const bytes = new TextEncoder().encode(text);
          const chunks = decodeInPieces(bytes, cuts);
          expect(chunks.map((chunk) => chunk.text).join("")).toBe(text);
          expect(chunks.reduce((sum, chunk) => sum + chunk.bytes, 0)).toBe(bytes.length);
          expect(chunks.every((chunk) => !chunk.encoding_loss && !chunk.binary_output_withheld)).toBe(true);
          expect(chunks.every((chunk) => chunk.bytes <= 4096)).toBe(true);
        },
      ),
    );
  });

  it("keeps a literal U+FFFD split across reads as text, not loss", () => {
    for (const cut of [1, 2]) {
      const chunks = decodeInPieces(new TextEncoder().encode("a\uFFFDb"), [cut + 1]);
      expect(chunks.map((chunk) => chunk.text).join("")).toBe("a\uFFFDb");
      expect(chunks.some((chunk) => chunk.encoding_loss)).toBe(false);
    }
  });

  it("flags invalid UTF-8 as encoding loss", () => {
    const chunks = decodeInPieces(new TextEncoder().encode("hello\uFFFDworld"), []);
    expect(chunks[0]!.encoding_loss).toBe(false);
    const lossy = decodeInPieces(
      new Uint8Array([...Buffer.from("hello"), 0xff, ...Buffer.from("world")]),
      [],
    );
    expect(lossy[0]).toMatchObject({ text: "hello\uFFFDworld", encoding_loss: true });
  });

  it("flags a character cut off at end of stream", () => {
    const chunks = decodeInPieces(new Uint8Array([0x61, 0xe2, 0x82]), []);
    expect(chunks.map((chunk) => chunk.text).join("")).toBe("a\uFFFD");
    expect(chunks.at(-1)).toMatchObject({ bytes: 0, encoding_loss: true });
  });

  it("withholds binary slices and keeps their byte count", () => {
    const binary = new Uint8Array(Array.from({ length: 5000 }, (_, index) => index % 256));
    const chunks = decodeInPieces(binary, []);
    expect(chunks.reduce((sum, chunk) => sum + chunk.bytes, 0)).toBe(5000);
    expect(chunks.every((chunk) => chunk.bytes <= 4096)).toBe(true);
    expect(chunks[0]).toMatchObject({ binary_output_withheld: true });
    expect(chunks[0]!.text).toMatch(/binary output withheld/);
  });
});

describe("wholeCharacters", () => {
  it("trims a split character at either end of a slice", () => {
    const euro = [0xe2, 0x82, 0xac];
    expect([...wholeCharacters(new Uint8Array([0x61, ...euro.slice(0, 2)]))]).toEqual([0x61]);
    expect([...wholeCharacters(new Uint8Array([...euro.slice(1), 0x61]))]).toEqual([0x61]);
    expect([...wholeCharacters(new Uint8Array([0x61, ...euro]))]).toEqual([0x61, ...euro]);
  });

  it("keeps ANSI-coloured text split mid-character visible", () => {
    const line = Buffer.from("\x1b[31m€rror\x1b[0m ".repeat(400));
    const chunks = decodeInPieces(line, [4097, 4098]);
    expect(chunks.some((chunk) => chunk.binary_output_withheld)).toBe(false);
    expect(chunks.map((chunk) => chunk.text).join("")).toBe(line.toString());
  });
});

describe("StreamDecoder fast path", () => {
  it("keeps a byte-order mark and text after a withheld slice", () => {
    const withBom = decodeInPieces(new Uint8Array([0xef, 0xbb, 0xbf, 0x61]), []);
    expect(withBom.map((chunk) => chunk.text).join("")).toBe("\uFEFFa");
    const decoder = new StreamDecoder("stderr", guardBinary);
    const binary = new Uint8Array(Array.from({ length: 4096 }, (_, index) => index % 256));
    const [withheld] = decoder.decode(binary);
    expect(withheld?.binary_output_withheld).toBe(true);
    expect(chunkText(withheld!)).toMatch(/binary output withheld/);
    const [after] = decoder.decode(new TextEncoder().encode("after"));
    expect(chunkText(after!)).toBe("after");
    expect(after?.encoding_loss).toBe(false);
  });
});

describe("StreamDecoder slicing", () => {
  it("cuts slices between characters within one read", () => {
    const text = "€".repeat(3000);
    const decoder = new StreamDecoder("stdout", guardBinary);
    const chunks = decoder.decode(new TextEncoder().encode(text));
    expect(chunks.every((chunk) => chunk.bytes % 3 === 0 && chunk.bytes <= 4096)).toBe(true);
    expect(chunks.every((chunk) => chunk.source !== undefined)).toBe(true);
    expect(chunks.map(chunkText).join("")).toBe(text);
  });
});

describe("StreamDecoder binary slicing", () => {
  it("cuts undecodable reads at fixed sizes, leaving no slice too small to judge", () => {
    const decoder = new StreamDecoder("stderr", guardBinary);
    const random = new Uint8Array(8192);
    for (let index = 0; index < random.length; index++) random[index] = (index * 2654435761) >>> 24;
    const chunks = decoder.decode(random);
    expect(chunks.map((chunk) => chunk.bytes)).toEqual([4096, 4096]);
    expect(chunks.every((chunk) => chunk.binary_output_withheld)).toBe(true);
  });
});
