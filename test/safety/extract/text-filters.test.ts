import { describe, expect, it } from "vitest";
import { decodeEscapes } from "../../../src/safety/extract/escapes.js";
import {
  decodeBase64,
  decodeHex,
  formatPrintf,
  reverseLines,
  translate,
} from "../../../src/safety/extract/text-filters.js";

describe("decodeEscapes", () => {
  it("decodes $'…' escapes: octal, hex, unicode, control", () => {
    expect(decodeEscapes("\\163\\165\\144\\157")).toBe("sudo");
    expect(decodeEscapes("\\x73udo\\u0021")).toBe("sudo!");
    expect(decodeEscapes("a\\tb\\n")).toBe("a\tb\n");
  });

  it("uses echo -e rules when asked: octal needs a leading 0 and \\c stops", () => {
    expect(decodeEscapes("\\0163udo", true)).toBe("sudo");
    expect(decodeEscapes("ab\\cde", true)).toBe("ab");
  });
});

describe("text filters", () => {
  it("decodes base64 and hex, refusing what is not", () => {
    expect(decodeBase64("c3VkbyAtdg==\n")).toBe("sudo -v");
    expect(decodeBase64("not base64!")).toBeUndefined();
    expect(decodeHex("7375646f202d76")).toBe("sudo -v");
    expect(decodeHex("xyz")).toBeUndefined();
  });

  it("reverses lines, translates sets and formats printf", () => {
    expect(reverseLines("odus\n")).toBe("sudo\n");
    expect(translate("fhqb", [], ["a-z", "n-za-m"])).toBe("sudo");
    expect(translate("s-u-d-o", ["-d"], ["-"])).toBe("sudo");
    expect(translate("x", [], ["[:lower:]", "[:upper:]"])).toBe("X");
    expect(translate("x", [], ["[:alpha:]", "a"])).toBeUndefined();
    expect(formatPrintf("%s %s\\n", ["sudo", "id"])).toBe("sudo id\n");
    expect(formatPrintf("\\163\\165\\144\\157", [])).toBe("sudo");
    expect(formatPrintf("%s\\n", ["a", "b"])).toBe("a\nb\n");
  });
});
