import { describe, expect, it } from "vitest";
import { parseWslDistroList } from "../../../platforms/resolve/wsl-distros.js";

const utf16 = (text: string) => new Uint8Array(Buffer.from(text, "utf16le"));

describe("parseWslDistroList", () => {
  it("decodes UTF-16LE output with odd line ends and skips docker-desktop*", () => {
    const bytes = utf16("Ubuntu-24.04\r\r\ndocker-desktop\r\r\ndocker-desktop-data\r\r\nDebian\r\r\n");
    expect(parseWslDistroList(bytes)).toEqual(["Ubuntu-24.04", "Debian"]);
  });

  it("reads UTF-8 output (WSL_UTF8=1) and a UTF-16 BOM", () => {
    expect(parseWslDistroList(new Uint8Array(Buffer.from("Ubuntu\nopenSUSE-Tumbleweed\n")))).toEqual([
      "Ubuntu",
      "openSUSE-Tumbleweed",
    ]);
    expect(parseWslDistroList(new Uint8Array([0xff, 0xfe, ...utf16("Alpine\r\n")]))).toEqual(["Alpine"]);
  });

  it("finds no distribution in the 'no installed distributions' help text", () => {
    const text =
      "Windows Subsystem for Linux has no installed distributions.\r\r\nUse 'wsl.exe --list --online' to list available distributions\r\r\n";
    expect(parseWslDistroList(utf16(text))).toEqual([]);
    expect(parseWslDistroList("")).toEqual([]);
  });
});
