import { describe, expect, it } from "vitest";
import { batchArgumentRefusal, isBatchFile } from "../../../src/execution/fallback/batch-arguments.js";

describe("batchArgumentRefusal", () => {
  it("knows batch files by extension, whatever the case", () => {
    expect(isBatchFile("C:\\npm\\npx.CMD")).toBe(true);
    expect(isBatchFile("C:\\tools\\build.bat")).toBe(true);
    expect(isBatchFile("C:\\node\\node.exe")).toBe(false);
  });

  it.each(['"&del /s /q C:\\', "a&b", "a|b", "a<b", "a>b", "a^b", "%PATH%", "!x!", "one\ntwo", "cr\r"])(
    "refuses %j for a .cmd target",
    (argument) => {
      expect(batchArgumentRefusal("npx", "C:\\npm\\npx.cmd", ["ok", argument])).toMatch(
        /^Refused: npx is the batch file C:\\npm\\npx\.cmd, and cmd\.exe would read the argument /,
      );
    },
  );

  it("lets plain arguments through to a batch file, and anything through to an .exe", () => {
    expect(batchArgumentRefusal("npx", "C:\\npm\\npx.cmd", ["--yes", "a b", "C:\\x\\y", "it's"])).toBeNull();
    expect(batchArgumentRefusal("node", "C:\\node\\node.exe", ['"&del', "%PATH%"])).toBeNull();
  });
});
