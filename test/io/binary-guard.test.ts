import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { guardBinary } from "../../src/execution/io/binary-guard.js";

describe("guardBinary", () => {
  it("withholds 0..255 repeated with a placeholder naming stream, size and ratio", () => {
    const bytes = Uint8Array.from({ length: 256 * 50 }, (_, index) => index % 256);
    const result = guardBinary(bytes, "stdout");
    expect(result.withheld).toBe(true);
    expect(result.text).toBe(
      "[binary output withheld: stdout contained 12800 bytes of non-text data (12% control bytes). Redirect to a file and inspect it with a suitable tool, e.g. `command > out.bin` then `file out.bin` or `xxd out.bin | head`.]",
    );
    expect(result.text.length).toBeLessThan(300);
  });

  it("withholds a real executable", () => {
    const bytes = readFileSync(process.execPath).subarray(0, 200_000);
    expect(guardBinary(bytes, "stderr").withheld).toBe(true);
  });

  it("keeps valid UTF-8 as text, NUL-delimited output included", () => {
    const samples = [
      "a.txt\0b.txt\0c d.txt\0".repeat(20),
      "héllo 日本語 🎉",
      "\x1b[31mERROR\x1b[0m\n",
      "a\tb\r\n",
    ];
    for (const sample of samples) {
      expect(guardBinary(Buffer.from(sample), "stdout")).toEqual({
        text: sample,
        withheld: false,
        encodingLoss: false,
      });
    }
  });

  it("decodes short or low-control invalid UTF-8 lossily instead of withholding it", () => {
    expect(guardBinary(Uint8Array.from([0xff, 0xfe, 0x00, 0x01]), "stdout")).toMatchObject({
      withheld: false,
      encodingLoss: true,
    });
    const cp1251 = Buffer.from(Array.from({ length: 200 }, (_, index) => 0xc0 + (index % 32)));
    expect(guardBinary(cp1251, "stdout")).toMatchObject({ withheld: false, encodingLoss: true });
    const logs = Buffer.concat([Buffer.from("log line\n".repeat(100)), Buffer.from([0xff, 0xfe])]);
    expect(guardBinary(logs, "stdout").withheld).toBe(false);
  });

  it("keeps empty output as empty text", () => {
    expect(guardBinary(new Uint8Array(), "stdout")).toEqual({
      text: "",
      withheld: false,
      encodingLoss: false,
    });
  });
});
