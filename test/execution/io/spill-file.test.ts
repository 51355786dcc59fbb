import { mkdtempSync, readFileSync, rmSync, statSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SpillFile } from "../../../src/execution/io/spill-file.js";
import { onWindows, skipUnderWine } from "../../support/platform.js";

const directories: string[] = [];
function scratch(): string {
  const directory = mkdtempSync(path.join(os.tmpdir(), "spill-test-"));
  directories.push(directory);
  return directory;
}
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

describe("SpillFile", () => {
  it("writes the complete stream to a random 0600 file", () => {
    const spill = new SpillFile(scratch(), "stdout", 1024);
    spill.write(Buffer.from("hello "));
    spill.write(Buffer.from("world"));
    const written = spill.close(11);
    expect(written).toBe(spill.path);
    expect(readFileSync(spill.path, "utf8")).toBe("hello world");
    // Windows has no POSIX modes (NTFS reports 0o666 for any writable file).
    if (!onWindows) expect(statSync(spill.path).mode & 0o777).toBe(0o600);
    expect(path.basename(spill.path)).toMatch(/^[0-9a-f]{24}-stdout\.log$/);
  });

  it("stops at the cap and says where it stopped", () => {
    const spill = new SpillFile(scratch(), "stderr", 10);
    spill.write(Buffer.from("0123456789abcdef"));
    spill.write(Buffer.from("more"));
    expect(spill.close(20)).toBe(spill.path);
    const text = readFileSync(spill.path, "utf8");
    expect(text.startsWith("0123456789\n[shellgate: this copy stopped at 10 bytes")).toBe(true);
    expect(text).toContain("the stream was 20 bytes");
  });

  it("withholds the path when the file cannot be created (a directory that is gone)", () => {
    const spill = new SpillFile(path.join(scratch(), "missing"), "stdout", 100);
    spill.write(Buffer.from("x"));
    expect(spill.close(1)).toBeNull();
  });

  it("never follows a symlink or reuses a file planted at its path (wx)", (context) => {
    skipUnderWine(context, "fake-symlinks");
    const directory = scratch();
    const target = path.join(directory, "target");
    symlinkSync(target, path.join(directory, "planted.log"));
    const spill = new SpillFile(directory, "stdout", 100, "planted.log");
    spill.write(Buffer.from("secret"));
    expect(spill.close(6)).toBeNull();
    expect(() => statSync(target)).toThrow();
  });
});
