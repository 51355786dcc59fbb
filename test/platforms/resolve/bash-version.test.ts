import { describe, expect, it } from "vitest";
import {
  firstLine,
  parseBashVersion,
  runtimeFromVersionLine,
} from "../../../platforms/resolve/bash-version.js";

describe("bash version lines", () => {
  it("takes the first non-empty line", () => {
    expect(firstLine("\r\n  GNU bash, version 5.2\r\nCopyright")).toBe("GNU bash, version 5.2");
    expect(firstLine("\n\n")).toBeUndefined();
  });

  it("extracts the version", () => {
    expect(parseBashVersion("GNU bash, version 5.2.15(1)-release (x86_64-pc-linux-gnu)")).toBe(
      "5.2.15(1)-release",
    );
    expect(parseBashVersion("GNU bash, version 3.2.57(1)-release (arm64-apple-darwin25)")).toBe(
      "3.2.57(1)-release",
    );
    expect(parseBashVersion("sh: 0: Illegal option --")).toBeUndefined();
  });

  it("tells MSYS, Cygwin and Linux builds apart by the host triple", () => {
    expect(runtimeFromVersionLine("GNU bash, version 5.2.37(1)-release (x86_64-pc-msys)")).toBe("msys");
    expect(runtimeFromVersionLine("GNU bash, version 5.2.21(1)-release (x86_64-pc-cygwin)")).toBe("cygwin");
    expect(runtimeFromVersionLine("GNU bash, version 5.2.21(1)-release (x86_64-pc-linux-gnu)")).toBe("linux");
    expect(runtimeFromVersionLine(undefined)).toBe("other");
  });
});
