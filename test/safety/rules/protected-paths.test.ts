import { describe, expect, it } from "vitest";
import {
  type ExpandedWord,
  HOME_PATH,
  literalWord,
  UNKNOWN,
  UNKNOWN_NONEMPTY,
} from "../../../src/safety/extract/expanded-word.js";
import { protectionOf } from "../../../src/safety/rules/protected-paths.js";

function word(value: string, glob = false): ExpandedWord {
  return { ...literalWord(value, [0, value.length]), glob, pattern: value };
}

describe("protectionOf", () => {
  it("recognises / however it is spelled", () => {
    for (const path of ["/", "//", "/.", "/tmp/..", "/usr/../"])
      expect(protectionOf(word(path), undefined)).toBe("root");
  });

  it("recognises system directories and everything in them, but not scratch space", () => {
    expect(protectionOf(word("/usr/"), undefined)).toBe("system");
    expect(protectionOf(word("/etc/*", true), undefined)).toBe("system");
    expect(protectionOf(word("/u?r", true), undefined)).toBe("system");
    expect(protectionOf(word("/*", true), undefined)).toBe("root");
    expect(protectionOf(word("/tmp/*", true), undefined)).toBeUndefined();
    expect(protectionOf(word("/tmp/build"), undefined)).toBeUndefined();
  });

  it("recognises home, its broad globs and its parent", () => {
    expect(protectionOf(word(HOME_PATH), undefined)).toBe("home");
    expect(protectionOf(word(`${HOME_PATH}/.[!.]*`, true), undefined)).toBe("home");
    expect(protectionOf(word(`${HOME_PATH}/*.zip`, true), undefined)).toBeUndefined();
    expect(protectionOf(word(`${HOME_PATH}/..`), undefined)).toBe("system");
  });

  it("counts an unset variable as empty and a guarded one as non-empty", () => {
    expect(protectionOf(word(`${UNKNOWN}/`), undefined)).toBe("root");
    expect(protectionOf(word(`${UNKNOWN_NONEMPTY}/`), undefined)).toBeUndefined();
  });

  it("resolves relative paths against a known working directory only", () => {
    expect(protectionOf(word("usr"), "/")).toBe("system");
    expect(protectionOf(word("usr"), undefined)).toBeUndefined();
    expect(protectionOf(word("../../../.."), undefined)).toBe("root");
  });
});
