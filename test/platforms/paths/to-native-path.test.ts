import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toNativePath } from "../../../platforms/paths/to-native-path.js";
import { toShellPath } from "../../../platforms/paths/to-shell-path.js";

describe("toNativePath", () => {
  it.each([
    ["gitbash", "/c/Users/me/p", "C:\\Users\\me\\p"],
    ["gitbash", "/C/x", "C:\\x"],
    ["wsl", "/mnt/d/My Files/a b", "D:\\My Files\\a b"],
    ["cygwin", "/cygdrive/c/Users/me", "C:\\Users\\me"],
    ["gitbash", "/c", "C:\\"],
    ["gitbash", "//server/share/x", "\\\\server\\share\\x"],
    ["wsl", "relative/dir", "relative\\dir"],
  ] as const)("%s: %s → %s", (kind, shell, native) => {
    expect(toNativePath(shell, kind)).toBe(native);
  });

  it("puts paths inside the shell's own tree under its root or distribution", () => {
    expect(toNativePath("/usr/bin/bash", "gitbash", { root: "C:\\Program Files\\Git\\" })).toBe(
      "C:\\Program Files\\Git\\usr\\bin\\bash",
    );
    expect(toNativePath("/home/me", "cygwin", { root: "C:\\cygwin64" })).toBe("C:\\cygwin64\\home\\me");
    expect(toNativePath("/home/me/p", "wsl", { distro: "Ubuntu" })).toBe(
      "\\\\wsl.localhost\\Ubuntu\\home\\me\\p",
    );
    expect(toNativePath("/home/me", "wsl")).toBe("/home/me");
    expect(toNativePath("/usr/bin", "gitbash")).toBe("/usr/bin");
  });

  it("never translates /dev/null, URLs or ~, and is the identity for POSIX kinds", () => {
    for (const kind of ["gitbash", "wsl", "cygwin"] as const) {
      for (const value of ["/dev/null", "https://example.com/c/x", "~/p"])
        expect(toNativePath(value, kind)).toBe(value);
    }
    expect(toNativePath("/c/x", "bash")).toBe("/c/x");
  });
});

const segment = fc.stringMatching(/^[A-Za-z0-9 ._()'&+,=@$-]{1,12}$/);
const drive = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ");
const windowsKind = fc.constantFrom("gitbash" as const, "wsl" as const, "cygwin" as const);
const drivePath = fc
  .tuple(drive, fc.array(segment, { maxLength: 6 }))
  .map(([letter, parts]) => `${letter}:\\${parts.join("\\")}`);

describe("path translation round trips", () => {
  it("native → shell → native gives the path back (drive letter upper-cased)", () => {
    fc.assert(
      fc.property(drivePath, windowsKind, (native, kind) => {
        const expected = native[0]!.toUpperCase() + native.slice(1);
        expect(toNativePath(toShellPath(native, kind), kind)).toBe(expected);
      }),
    );
  });

  it("shell → native → shell gives the path back for drive paths", () => {
    fc.assert(
      fc.property(drive, fc.array(segment, { maxLength: 6 }), windowsKind, (letter, parts, kind) => {
        const prefix = { gitbash: "/", wsl: "/mnt/", cygwin: "/cygdrive/" }[kind];
        const shell = `${prefix}${letter.toLowerCase()}/${parts.join("/")}`;
        expect(toShellPath(toNativePath(shell, kind), kind)).toBe(shell);
      }),
    );
  });

  it("WSL distribution paths survive a round trip through \\\\wsl.localhost", () => {
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 6 }), (parts) => {
        const shell = `/${parts.join("/")}`;
        fc.pre(!/^\/mnt\/[A-Za-z](\/|$)/.test(shell));
        const native = toNativePath(shell, "wsl", { distro: "Ubuntu" });
        expect(native.startsWith("\\\\wsl.localhost\\Ubuntu\\")).toBe(true);
        expect(toShellPath(native, "wsl", { distro: "Ubuntu" })).toBe(shell);
      }),
    );
  });

  it("every translated drive path has no backslash left, so bash cannot eat it", () => {
    fc.assert(
      fc.property(drivePath, windowsKind, (native, kind) => {
        expect(toShellPath(native, kind)).not.toContain("\\");
      }),
    );
  });
});
