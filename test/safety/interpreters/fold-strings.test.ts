import { describe, expect, it } from "vitest";
import { foldStrings } from "../../../src/safety/interpreters/fold-strings.js";

describe("foldStrings", () => {
  it("folds names and commands built from pieces into the literal they evaluate to", () => {
    expect(foldStrings(`getattr(os, "sys" + "tem")`, "python")).toBe(`getattr(os, "system")`);
    expect(foldStrings(`os.system("".join(map(chr, [104, 97, 108, 116])))`, "python")).toBe(
      `os.system("halt")`,
    );
    expect(foldStrings(`os.system("tloob"[::-1])`, "python")).toBe(`os.system("boolt")`);
    expect(foldStrings(`b64decode("cmVib290").decode()`, "python")).toBe(`"reboot"`);
    expect(foldStrings(`bytes.fromhex("6964").decode()`, "python")).toBe(`"id"`);
    expect(foldStrings(`os.path.expanduser("~/.ssh")`, "python")).toBe(`"~/.ssh"`);
    expect(foldStrings(`require("child" + "_process")`, "node")).toBe(`require("child_process")`);
    expect(foldStrings(`String.fromCharCode(105, 100)`, "node")).toBe(`"id"`);
    expect(foldStrings(`"di".split("").reverse().join("")`, "node")).toBe(`"id"`);
    expect(foldStrings(`require("os").homedir() + "/.bashrc"`, "node")).toBe(`"~/.bashrc"`);
    expect(foldStrings(`["sys", "tem"].join`, "ruby")).toBe(`'system'`);
    expect(foldStrings(`pack("H*", "6964")`, "perl")).toBe(`'id'`);
    expect(foldStrings(`$f = "sys" . "tem";`, "php")).toBe(`$f = 'system';`);
    expect(foldStrings(`os["exe" .. "cute"]`, "lua")).toBe(`os["execute"]`);
    expect(foldStrings(`c = "rebo" "ot"`, "awk")).toBe(`c = "reboot"`);
  });

  it("leaves what it cannot fold as written", () => {
    expect(foldStrings(`getattr(os, name + "x")`, "python")).toBe(`getattr(os, name + "x")`);
    expect(foldStrings(`f"{a}" + "b"`, "python")).toBe(`f"{a}" + "b"`);
    expect(foldStrings(`"$HOME" . "x"`, "perl")).toBe(`"$HOME" . "x"`);
  });
});
