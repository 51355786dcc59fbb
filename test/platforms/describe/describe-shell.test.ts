import { describe, expect, it } from "vitest";
import { describeShell } from "../../../platforms/describe/describe-shell.js";
import { fitSentences } from "../../../platforms/describe/fit-text.js";
import type { ShellResolution } from "../../../platforms/resolve/resolution.js";

function resolution(fields: Partial<ShellResolution>): ShellResolution {
  return { platform: "win32", kind: "none", path: null, source: "none", warnings: [], trace: [], ...fields };
}

describe("describeShell", () => {
  it("names Git Bash, its path, the /c/ convention, /tmp, $HOME and MSYS path conversion", () => {
    const text = describeShell(
      resolution({
        kind: "gitbash",
        path: "C:\\Program Files\\Git\\bin\\bash.exe",
        version: "5.2.37(1)-release",
        flavor: "git-for-windows",
        home: "/c/Users/me",
        root: "C:\\Program Files\\Git",
      }),
    );
    expect(text).toContain("Git Bash");
    expect(text).toContain("C:\\Program Files\\Git\\bin\\bash.exe");
    expect(text).toContain("/c/Users/me/p");
    expect(text).toContain("$HOME is /c/Users/me");
    expect(text).toContain("/tmp is %TEMP%, / is C:\\Program Files\\Git");
    expect(text).toContain("MSYS_NO_PATHCONV=1");
    expect(text).toContain("env values that look like /paths");
    expect(text).toContain("cmd //c");
    expect(text).toContain("CRLF");
    // The override is the tool description's own line on Windows (description-context.ts).
    expect(text).not.toContain("SHELLGATE_WINDOWS_SHELL");
  });

  it("puts MSYS2's /tmp under its own root", () => {
    const text = describeShell(
      resolution({
        kind: "gitbash",
        path: "C:\\msys64\\usr\\bin\\bash.exe",
        flavor: "msys2",
        root: "C:\\msys64",
      }),
    );
    expect(text).toContain("MSYS2 bash");
    expect(text).toContain("/ (and /tmp) is C:\\msys64");
    expect(text).not.toContain("%TEMP%");
  });

  it("tells the model about WSL's start-up files, *.exe programs and slow /mnt/c", () => {
    const wsl = resolution({ kind: "wsl", path: "C:\\Windows\\System32\\wsl.exe", distro: "Ubuntu" });
    const plain = describeShell(wsl);
    expect(plain).toContain("~/.profile and ~/.bashrc are not read");
    expect(plain).toContain("nvm");
    expect(plain).toContain("*.exe");
    expect(plain).toContain("/mnt/c is slow");
    const login = describeShell({ ...wsl, loginShell: true });
    expect(login).toContain("login shell: /etc/profile and ~/.profile are read");
    expect(login).not.toContain("are not read");
  });

  it("tells the model WSL paths and toolchain live inside the distribution", () => {
    const text = describeShell(
      resolution({ kind: "wsl", path: "C:\\Windows\\System32\\wsl.exe", distro: "Ubuntu" }),
    );
    expect(text).toContain("'Ubuntu'");
    expect(text).toContain("/mnt/c/");
    expect(text).toContain("not the Windows profile");
    expect(text).toContain("the distribution's, not Windows'");
  });

  it("uses /cygdrive/ for Cygwin", () => {
    const text = describeShell(
      resolution({ kind: "cygwin", path: "C:\\cygwin64\\bin\\bash.exe", home: "/home/me" }),
    );
    expect(text).toContain("/cygdrive/c/Users/me/p");
    expect(text).toContain("Cygwin");
  });

  it("explains the simple-command fallback for none, with install links", () => {
    const text = describeShell(resolution({}));
    for (const part of [
      "no bash",
      "pipes",
      "redirects",
      "&&",
      "$VAR",
      "full paths",
      "https://git-scm.com/download/win",
    ]) {
      expect(text.toLowerCase()).toContain(part.toLowerCase());
    }
    expect(text).toContain("WSL");
    expect(describeShell(resolution({ platform: "linux" }))).not.toContain("git-scm");
  });

  it("says POSIX sh only for kind sh", () => {
    const text = describeShell(resolution({ platform: "linux", kind: "sh", path: "/bin/sh", home: "/root" }));
    expect(text).toContain("POSIX sh only");
    expect(text).toContain("[[ ]]");
  });

  it("warns about bash 3.2 limits on stock macOS", () => {
    const text = describeShell(
      resolution({ platform: "darwin", kind: "bash", path: "/bin/bash", version: "3.2.57(1)-release" }),
    );
    expect(text).toContain("bash 3.2");
    expect(text).toContain("associative arrays");
  });

  it("stays within 600 characters even for a very long path", () => {
    const longPath = `C:\\${"very long folder name\\".repeat(30)}bin\\bash.exe`;
    for (const kind of ["gitbash", "cygwin", "wsl", "bash", "sh", "none"] as const) {
      const text = describeShell(
        resolution({ kind, path: longPath, distro: "Ubuntu", version: "5.2.37(1)-release" }),
      );
      expect(text.length).toBeLessThanOrEqual(600);
    }
  });
});

describe("fitSentences", () => {
  it("keeps required sentences, adds optional ones that fit, and cuts only when it must", () => {
    expect(fitSentences(["a."], ["b.", "c".repeat(10), "d."], 8)).toBe("a. b. d.");
    expect(fitSentences(["x".repeat(20)], [], 10)).toBe(`${"x".repeat(9)}…`);
  });
});
