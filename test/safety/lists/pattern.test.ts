import { describe, expect, it } from "vitest";
import { compilePattern } from "../../../src/safety/lists/pattern.js";

describe("compilePattern", () => {
  it("matches `*` within one command, and `git *` also matches bare git", () => {
    const pattern = compilePattern("git *");
    expect(pattern.test("git status")).toBe(true);
    expect(pattern.test("git")).toBe(true);
    expect(pattern.test("gitk")).toBe(false);
  });

  it("treats a pattern without `*` as a command prefix on word boundaries", () => {
    const pattern = compilePattern("npm publish");
    expect(pattern.test("npm publish")).toBe(true);
    expect(pattern.test("npm publish --tag next")).toBe(true);
    expect(pattern.test("npm publisher")).toBe(false);
  });

  it("is case-insensitive, ignores spacing and directories on the command name", () => {
    const pattern = compilePattern("/usr/bin/SUDO   apt *");
    expect(pattern.test("sudo apt install vim")).toBe(true);
    expect(pattern.test("sudo  apt")).toBe(true);
  });

  it("escapes regular-expression characters", () => {
    expect(compilePattern("a.b (c)").test("a.b (c)")).toBe(true);
    expect(compilePattern("a.b").test("axb")).toBe(false);
  });

  it("splits pipeline patterns into segments", () => {
    expect(compilePattern("curl * | sh").segments).toHaveLength(2);
    expect(compilePattern("curl *|sh").segments).toHaveLength(2);
    expect(compilePattern("curl * | sh").test("curl x")).toBe(false);
  });
});
