import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shellWorkdirToNative, wslCdArgument } from "../../../platforms/paths/shell-workdir.js";
import { toShellPath } from "../../../platforms/paths/to-shell-path.js";

const gitForWindows = {
  root: "C:\\Program Files\\Git",
  home: "/c/Users/me",
  tempDirectory: "C:\\Users\\me\\AppData\\Local\\Temp",
  flavor: "git-for-windows",
} as const;
const msys2 = {
  root: "C:\\msys64",
  home: "/home/me",
  tempDirectory: gitForWindows.tempDirectory,
  flavor: "msys2",
} as const;
const cygwin = { root: "C:\\cygwin64", home: "/home/me", tempDirectory: gitForWindows.tempDirectory };

describe("shellWorkdirToNative", () => {
  it.each([
    ["/tmp", "C:\\Users\\me\\AppData\\Local\\Temp"],
    ["/tmp/", "C:\\Users\\me\\AppData\\Local\\Temp"],
    ["/tmp/build/out", "C:\\Users\\me\\AppData\\Local\\Temp\\build\\out"],
    ["~", "C:\\Users\\me"],
    ["~/p/q", "C:\\Users\\me\\p\\q"],
    ["/usr/share", "C:\\Program Files\\Git\\usr\\share"],
    ["/", "C:\\Program Files\\Git\\"],
    ["/c/work", "C:\\work"],
    ["C:\\work", "C:\\work"],
    ["sub/dir", "sub\\dir"],
    ["/tmpfiles", "C:\\Program Files\\Git\\tmpfiles"],
  ])("Git for Windows: %s → %s", (workdir, native) => {
    expect(shellWorkdirToNative(workdir, "gitbash", gitForWindows)).toBe(native);
  });

  it.each([
    ["/tmp/x", "C:\\msys64\\tmp\\x"],
    ["~/p", "C:\\msys64\\home\\me\\p"],
    ["/usr/bin", "C:\\msys64\\usr\\bin"],
    ["/d/x", "D:\\x"],
  ])("MSYS2 keeps its own root: %s → %s", (workdir, native) => {
    expect(shellWorkdirToNative(workdir, "gitbash", msys2)).toBe(native);
  });

  it.each([
    ["/tmp", "C:\\cygwin64\\tmp"],
    ["~", "C:\\cygwin64\\home\\me"],
    ["/cygdrive/c/x", "C:\\x"],
  ])("Cygwin keeps its own root: %s → %s", (workdir, native) => {
    expect(shellWorkdirToNative(workdir, "cygwin", cygwin)).toBe(native);
  });

  it("leaves what it cannot know unchanged, so the existence check names it", () => {
    expect(shellWorkdirToNative("~/p", "gitbash", {})).toBe("~/p");
    expect(shellWorkdirToNative("/usr/bin", "gitbash", {})).toBe("/usr/bin");
    expect(shellWorkdirToNative("/tmp", "bash", gitForWindows)).toBe("/tmp");
  });

  it("maps every path under /tmp into %TEMP% and nothing else there (property)", () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9 ._-]{1,10}$/);
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 5 }), (parts) => {
        const native = shellWorkdirToNative(["/tmp", ...parts].join("/"), "gitbash", gitForWindows);
        expect(native.startsWith(gitForWindows.tempDirectory)).toBe(true);
        // Back to the shell's spelling: the same folder, under /c/Users/me/AppData/Local/Temp.
        expect(toShellPath(native, "gitbash")).toBe(["/c/Users/me/AppData/Local/Temp", ...parts].join("/"));
      }),
    );
  });
});

describe("wslCdArgument", () => {
  it("passes a Windows directory natively, so WSL applies its own automount root", () => {
    expect(wslCdArgument("C:\\Users\\me\\p", "Ubuntu")).toBe("C:\\Users\\me\\p");
    expect(wslCdArgument("\\\\server\\share\\x", "Ubuntu")).toBe("\\\\server\\share\\x");
  });

  it("gives a directory inside the distribution as its Linux path", () => {
    expect(wslCdArgument("\\\\wsl.localhost\\Ubuntu\\home\\me", "Ubuntu")).toBe("/home/me");
    expect(wslCdArgument("\\\\wsl$\\ubuntu\\srv", "Ubuntu")).toBe("/srv");
    expect(wslCdArgument("\\\\wsl.localhost\\Debian\\srv", "Ubuntu")).toBe("\\\\wsl.localhost\\Debian\\srv");
  });
});
