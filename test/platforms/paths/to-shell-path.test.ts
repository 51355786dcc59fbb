import { describe, expect, it } from "vitest";
import { toShellPath } from "../../../platforms/paths/to-shell-path.js";

describe("toShellPath", () => {
  it.each([
    ["gitbash", "C:\\Users\\me\\p", "/c/Users/me/p"],
    ["wsl", "C:\\Users\\me\\p", "/mnt/c/Users/me/p"],
    ["cygwin", "C:\\Users\\me\\p", "/cygdrive/c/Users/me/p"],
    ["gitbash", "d:\\Program Files\\My App\\x.txt", "/d/Program Files/My App/x.txt"],
    ["gitbash", "C:/Users/me/p", "/c/Users/me/p"],
    ["wsl", "E:\\", "/mnt/e/"],
    ["gitbash", "C:", "/c"],
    ["gitbash", "\\\\?\\C:\\very\\long", "/c/very/long"],
    ["gitbash", "src\\index.ts", "src/index.ts"],
  ] as const)("%s: %s → %s", (kind, native, shell) => {
    expect(toShellPath(native, kind)).toBe(shell);
  });

  it("maps a WSL UNC path into the distribution it belongs to", () => {
    expect(toShellPath("\\\\wsl.localhost\\Ubuntu\\home\\me\\p", "wsl", { distro: "Ubuntu" })).toBe(
      "/home/me/p",
    );
    expect(toShellPath("\\\\wsl$\\ubuntu\\home\\me", "wsl", { distro: "Ubuntu" })).toBe("/home/me");
    expect(toShellPath("\\\\wsl.localhost\\Ubuntu", "wsl")).toBe("/");
    expect(toShellPath("\\\\wsl.localhost\\Debian\\etc", "wsl", { distro: "Ubuntu" })).toBe(
      "//wsl.localhost/Debian/etc",
    );
    expect(toShellPath("\\\\wsl$\\Ubuntu\\home\\me", "gitbash")).toBe("//wsl.localhost/Ubuntu/home/me");
  });

  it("writes other UNC paths with forward slashes", () => {
    expect(toShellPath("\\\\server\\share\\dir", "gitbash")).toBe("//server/share/dir");
    expect(toShellPath("\\\\server\\share", "cygwin")).toBe("//server/share");
  });

  it("never translates /dev/null, URLs, POSIX paths or ~", () => {
    for (const kind of ["gitbash", "wsl", "cygwin"] as const) {
      for (const value of [
        "/dev/null",
        "https://example.com/a\\b",
        "file:///c:/x",
        "/c/Users",
        "/mnt/c",
        "~/x",
        "",
      ]) {
        expect(toShellPath(value, kind)).toBe(value);
      }
    }
  });

  it("is the identity for POSIX kinds and none", () => {
    for (const kind of ["bash", "sh", "none"] as const) expect(toShellPath("C:\\x", kind)).toBe("C:\\x");
  });
});
