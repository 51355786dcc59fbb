import { describe, expect, it } from "vitest";
import { decodeProbeOutput } from "../../../platforms/host/decode-probe-output.js";

const utf16 = (text: string) => new Uint8Array(Buffer.from(text, "utf16le"));

describe("decodeProbeOutput", () => {
  it("detects UTF-16LE by its NUL bytes, as wsl.exe -l -q prints it", () => {
    expect(decodeProbeOutput(utf16("Ubuntu\r\r\nDebian\r\r\n"))).toBe("Ubuntu\r\r\nDebian\r\r\n");
  });

  it("honours a UTF-16LE byte-order mark, including non-ASCII text", () => {
    const bytes = new Uint8Array([0xff, 0xfe, ...Buffer.from("Überlinux\r\n", "utf16le")]);
    expect(decodeProbeOutput(bytes)).toBe("Überlinux\r\n");
  });

  it("reads UTF-8 (WSL_UTF8=1, or any other probe) and drops a UTF-8 BOM", () => {
    expect(decodeProbeOutput(new Uint8Array(Buffer.from("GNU bash, version 5.2\n")))).toBe(
      "GNU bash, version 5.2\n",
    );
    expect(decodeProbeOutput(new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0x69]))).toBe("hi");
    expect(decodeProbeOutput(new Uint8Array())).toBe("");
  });

  it("obeys an explicit encoding", () => {
    expect(decodeProbeOutput(utf16("ab"), "utf16le")).toBe("ab");
    expect(decodeProbeOutput(new Uint8Array(Buffer.from("ab")), "utf8")).toBe("ab");
  });
});
