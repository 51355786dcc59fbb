import { describe, expect, it } from "vitest";
import {
  parseSttyMode,
  planTerminalEof,
  terminalLineOpen,
} from "../../../src/managed/terminal/terminal-eof.js";

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

  it("sends VEOF once on an empty line, twice after a partial one, and refuses raw mode", () => {
    const canonical = { canonical: true, eofCharacter: "\x04" };
    expect(planTerminalEof("linux", canonical)).toEqual({ send: "\x04" });
    expect(planTerminalEof("linux", canonical, "\n")).toEqual({ send: "\x04" });
    expect(planTerminalEof("linux", canonical, "l")).toEqual({ send: "\x04\x04" });
    expect(planTerminalEof("linux", { canonical: true, eofCharacter: "\x1a" }, "l")).toEqual({
      send: "\x1a\x1a",
    });
    expect(planTerminalEof("darwin", { canonical: false, eofCharacter: "\x04" })).toEqual({
      refuse: expect.stringMatching(/canonical input mode/),
    });
  });

  it("sends ^D the same way where the mode cannot be asked (a remote target's terminal)", () => {
    expect(planTerminalEof("linux", null)).toEqual({ send: "\x04" });
    expect(planTerminalEof("linux", null, "partial".at(-1))).toEqual({ send: "\x04\x04" });
    expect(planTerminalEof("linux", { canonical: null, eofCharacter: "\x1a" }, "\r")).toEqual({
      send: "\x04",
    });
  });

  it("tells an open line by the last character typed", () => {
    expect(terminalLineOpen(undefined)).toBe(false);
    for (const ended of ["\n", "\r", "\x03", "\x15", "\x04"]) expect(terminalLineOpen(ended)).toBe(false);
    expect(terminalLineOpen("a")).toBe(true);
    expect(terminalLineOpen("\x04", "\x1a")).toBe(true);
    expect(terminalLineOpen("\x1a", "\x1a")).toBe(false);
  });

  it("sends ^D on Windows, where ConPTY has no termios to ask", () => {
    expect(planTerminalEof("win32", null)).toEqual({ send: "\x04\x04" });
    expect(planTerminalEof("win32", { canonical: false, eofCharacter: null })).toEqual({ send: "\x04\x04" });
  });
});
