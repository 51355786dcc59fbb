import { describe, expect, it } from "vitest";
import { commandFromStdin } from "../../../src/surfaces/cli/stdin-command.js";

const utf8 = (text: string) => Buffer.from(text, "utf8");

describe("commandFromStdin (shellgate run -)", () => {
  it("drops a UTF-8 byte-order mark, which would otherwise be part of the first command's name", () => {
    expect(commandFromStdin(utf8("\uFEFFecho hi\n"))).toBe("echo hi");
  });

  it("turns CRLF into LF and drops one final line end", () => {
    expect(commandFromStdin(utf8("echo a\r\necho b\r\n"))).toBe("echo a\necho b");
    expect(commandFromStdin(utf8("echo a\n\n"))).toBe("echo a\n");
  });

  it("keeps a carriage return that is not part of a line end, and everything else byte for byte", () => {
    expect(commandFromStdin(utf8("printf 'a\rb' # é\n"))).toBe("printf 'a\rb' # é");
  });

  it("reads UTF-16LE with its mark, as Windows PowerShell 5.1 can pipe it", () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("echo hi\r\n", "utf16le")]);
    expect(commandFromStdin(bytes)).toBe("echo hi");
  });
});
