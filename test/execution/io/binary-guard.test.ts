import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { guardBinary } from "../../../src/execution/io/binary-guard.js";

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
    // No legacy code page, as on POSIX; Windows decodes such bytes with its OEM page instead.
    const posix = { legacyCodePage: null };
    expect(guardBinary(Uint8Array.from([0xfe, 0xff, 0x00, 0x01]), "stdout", posix)).toMatchObject({
      withheld: false,
      encodingLoss: true,
    });
    const cp1251 = Buffer.from(Array.from({ length: 200 }, (_, index) => 0xc0 + (index % 32)));
    expect(guardBinary(cp1251, "stdout", posix)).toMatchObject({ withheld: false, encodingLoss: true });
    const logs = Buffer.concat([Buffer.from("log line\n".repeat(100)), Buffer.from([0xff, 0xfe])]);
    expect(guardBinary(logs, "stdout", posix).withheld).toBe(false);
  });

  it("keeps empty output as empty text", () => {
    expect(guardBinary(new Uint8Array(), "stdout")).toEqual({
      text: "",
      withheld: false,
      encodingLoss: false,
    });
  });
});

describe("guardBinary: Windows encodings", () => {
  it("decodes UTF-16LE by its NUL pattern (wsl.exe -l, PowerShell 5.1 files) instead of withholding it", () => {
    const text = "Ubuntu-22.04\r\ndocker-desktop\r\n".repeat(4);
    expect(guardBinary(Buffer.from(text, "utf16le"), "stdout", { legacyCodePage: null })).toEqual({
      text,
      withheld: false,
      encodingLoss: false,
    });
    const marked = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("Größe ✓", "utf16le")]);
    expect(guardBinary(marked, "stdout", { legacyCodePage: null }).text).toBe("Größe ✓");
  });

  it("decodes OEM and ANSI code-page output instead of showing U+FFFD", () => {
    // `dir` on a German Windows: "Verzeichnis von C:\Übung" in cp850.
    const oem = Buffer.from([...Buffer.from("Verzeichnis von C:\\"), 0x9a, ...Buffer.from("bung\r\n")]);
    expect(guardBinary(oem, "stdout", { legacyCodePage: 850 })).toEqual({
      text: "Verzeichnis von C:\\Übung\r\n",
      withheld: false,
      encodingLoss: false,
      codePage: { page: 850, guessed: false },
    });
    expect(guardBinary(Buffer.from([0x63, 0x61, 0x66, 0xe9]), "stdout", { legacyCodePage: 1252 }).text).toBe(
      "café",
    );
  });

  it("still withholds binary data, whatever the code page", () => {
    const bytes = Buffer.from(Array.from({ length: 512 }, (_, index) => (index * 37) % 256));
    expect(guardBinary(bytes, "stdout", { legacyCodePage: 437 }).withheld).toBe(true);
  });
});

describe("guardBinary on Windows: ANSI or OEM, per stream and per line", () => {
  const pages = { ansi: 1252, oem: 437 };

  it("reads Python's ANSI output as ANSI: café, not cafΘ, and says it was no guess", () => {
    const python = Buffer.from([...Buffer.from("caf"), 0xe9, 0x0d, 0x0a]);
    expect(guardBinary(python, "stdout", { codePages: pages })).toEqual({
      text: "café\r\n",
      withheld: false,
      encodingLoss: false,
      codePage: { page: 1252, guessed: false },
    });
  });

  it("reads cmd's OEM output as OEM when the pages tie, and says it was a guess", () => {
    // `dir` of C:\Übung on an English host: 0x9A is Ü in cp437 and š in cp1252, a word either way.
    const dir = Buffer.from([...Buffer.from(" Directory of C:\\"), 0x9a, ...Buffer.from("bung\r\n")]);
    const guarded = guardBinary(dir, "stdout", { codePages: pages });
    expect(guarded.codePage).toEqual({ page: 437, guessed: true });
    expect(guarded.text.startsWith(" Directory of C:\\Übung\r\n")).toBe(true);
  });

  it("keeps the UTF-8 lines of a stream that mixes UTF-8 (git, MSYS tools) with a code page", () => {
    const mixed = Buffer.concat([
      Buffer.from("naïve ✓ from git\n"),
      Buffer.from([...Buffer.from("caf"), 0xe9, 0x0a]),
    ]);
    expect(guardBinary(mixed, "stdout", { codePages: pages }).text).toBe("naïve ✓ from git\ncafé\n");
  });

  it("tells the model when the page was a guess", () => {
    // 0xE9 0xE8 as cp1252 (éè) and as cp437 (Θ Φ): one non-letter-word reading each way is no help,
    // so a lone pair of symbols between digits is scored the same.
    const ambiguous = Buffer.from([0x31, 0xb0, 0x32, 0x0a]);
    const guarded = guardBinary(ambiguous, "stdout", { codePages: pages });
    expect(guarded.codePage).toEqual({ page: 437, guessed: true });
    expect(guarded.text).toMatch(/a guess — code page 1252 reads about as well/);
  });

  it("aligns UTF-16 cut at an odd offset (a tail window) before decoding", () => {
    const wide = Buffer.from("no distribution installed\r\n", "utf16le");
    expect(guardBinary(wide.subarray(1), "stdout", { codePages: pages }).text).toBe(
      "o distribution installed\r\n",
    );
    expect(guardBinary(wide.subarray(0, wide.length - 1), "stdout", { codePages: pages }).text).toBe(
      "no distribution installed\r",
    );
  });
});
