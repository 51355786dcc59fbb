import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { toNativePath, toShellPath } from "../../platforms/index.js";
import { useTemporaryDirectories } from "./support/temporary-directory.js";
import { onWindows } from "./support/windows-host.js";
import { samePath } from "./support/windows-paths.js";

// Path translation against paths the real path.win32 and file system produce (drive letters in the
// case Windows reports them, spaces, non-ASCII), not only hand-written strings.
const temporaryDirectory = useTemporaryDirectories("shellgate-paths-");

describe.runIf(onWindows)("path translation with the real path.win32", () => {
  it("runs on a win32 path module", () => {
    expect(path.sep).toBe("\\");
    expect(path).toBe(path.win32);
  });

  it("maps real directories to each shell kind's spelling and back to the same directory", () => {
    const nested = path.join(temporaryDirectory(), "with space", "ünïcode");
    mkdirSync(nested, { recursive: true });
    writeFileSync(path.join(nested, "marker.txt"), "x");
    for (const directory of [nested, os.tmpdir(), process.cwd(), os.homedir()]) {
      const drive = directory[0]!.toLowerCase();
      const rest = directory.slice(3).replace(/\\/g, "/");
      expect(toShellPath(directory, "gitbash")).toBe(`/${drive}/${rest}`);
      expect(toShellPath(directory, "wsl")).toBe(`/mnt/${drive}/${rest}`);
      expect(toShellPath(directory, "cygwin")).toBe(`/cygdrive/${drive}/${rest}`);
      for (const kind of ["gitbash", "wsl", "cygwin"] as const) {
        const back = toNativePath(toShellPath(directory, kind), kind);
        expect(samePath(back, directory)).toBe(true);
        expect(existsSync(back)).toBe(true);
      }
    }
    expect(existsSync(path.join(toNativePath(toShellPath(nested, "gitbash"), "gitbash"), "marker.txt"))).toBe(
      true,
    );
  });

  it("resolves a shell-spelled workdir to a directory that exists", () => {
    const directory = temporaryDirectory();
    const shellSpelling = toShellPath(directory, "gitbash");
    expect(path.win32.resolve("C:\\elsewhere", toNativePath(shellSpelling, "gitbash"))).toBe(
      path.win32.resolve(directory),
    );
  });

  it("leaves /dev/null and URLs alone on a win32 host", () => {
    expect(toShellPath("/dev/null", "gitbash")).toBe("/dev/null");
    expect(toNativePath("/dev/null", "gitbash")).toBe("/dev/null");
    expect(toShellPath("https://example.com/a\\b", "wsl")).toBe("https://example.com/a\\b");
  });

  it("translates the root of a drive", () => {
    const root = path.parse(process.cwd()).root;
    // `C:\` is `/c/` (as cygpath spells it) or `/c`; both name the drive's root.
    expect(toShellPath(root, "gitbash")).toMatch(new RegExp(`^/${root[0]!.toLowerCase()}/?$`));
    expect(samePath(toNativePath(`/${root[0]!.toLowerCase()}`, "gitbash"), root)).toBe(true);
  });
});
