import { describe, expect, it } from "vitest";
import { parseSttyMode, planTerminalEof } from "../../../src/managed/terminal/terminal-eof.js";

const gnu =
  "speed 38400 baud; rows 30; columns 120; line = 0;\nintr = ^C; quit = ^\\; erase = ^?; kill = ^U; eof = ^D; eol = <undef>;\n-parenb -parodd\nisig icanon iexten echo echoe echok";
const bsdRaw =
  "speed 9600 baud; 24 rows; 80 columns;\nlflags: -icanon -isig -iexten -echo\ncchars: discard = ^O; dsusp = ^Y; eof = ^D;";

describe("terminal EOF", () => {
  it("parses GNU and BSD stty output", () => {
    expect(parseSttyMode(gnu)).toEqual({ canonical: true, eofCharacter: "\x04" });
    expect(parseSttyMode(bsdRaw)).toEqual({ canonical: false, eofCharacter: "\x04" });
    expect(parseSttyMode("eof = ^Z; icanon")).toEqual({ canonical: true, eofCharacter: "\x1a" });
    expect(parseSttyMode("nothing useful")).toEqual({ canonical: null, eofCharacter: null });
  });

  it("sends VEOF twice in canonical mode and refuses raw mode", () => {
    expect(planTerminalEof("linux", { canonical: true, eofCharacter: "\x04" })).toEqual({ send: "\x04\x04" });
    expect(planTerminalEof("darwin", { canonical: false, eofCharacter: "\x04" })).toEqual({
      refuse: expect.stringMatching(/canonical input mode/),
    });
  });

  it("sends ^D on Windows, where ConPTY has no termios to ask", () => {
    expect(planTerminalEof("win32", null)).toEqual({ send: "\x04\x04" });
    expect(planTerminalEof("win32", { canonical: false, eofCharacter: null })).toEqual({ send: "\x04\x04" });
  });
});
