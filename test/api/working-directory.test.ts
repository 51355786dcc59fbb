import path from "node:path";
import { describe, expect, it } from "vitest";
import { callDirectory, instanceDirectory, sessionDirectory } from "../../src/api/working-directory.js";

describe("working directories", () => {
  it("resolves working_dir against the host's cwd", () => {
    expect(instanceDirectory(undefined, "/home/me")).toBe(path.resolve("/home/me"));
    expect(instanceDirectory("project", "/home/me")).toBe(path.resolve("/home/me/project"));
    expect(instanceDirectory("/srv/app", "/home/me")).toBe(path.resolve("/srv/app"));
  });

  it("uses an absolute workdir as given and a relative one against the instance", () => {
    expect(callDirectory("/work", undefined)).toBe("/work");
    expect(callDirectory("/work", "sub")).toBe(path.resolve("/work/sub"));
    expect(callDirectory("/work", "/tmp")).toBe("/tmp");
  });

  it("passes absolute shell and drive paths on as given, for the execution layer to translate", () => {
    expect(callDirectory("C:\\work", "/c/Users/me", "win32")).toBe("/c/Users/me");
    expect(callDirectory("C:\\work", "D:\\data", "win32")).toBe("D:\\data");
    expect(callDirectory("C:\\work", "sub\\dir", "win32")).toBe("C:\\work\\sub\\dir");
    // ~ is the shell's home: Git Bash's $HOME, mapped by the execution layer, never C:\work\~.
    expect(callDirectory("C:\\work", "~", "win32")).toBe("~");
    expect(callDirectory("C:\\work", "~/src", "win32")).toBe("~/src");
    expect(callDirectory("C:\\work", "~backup", "win32")).toBe("C:\\work\\~backup");
    expect(callDirectory("/work", "../up", "linux")).toBe("/up");
  });

  it("uses the session's workspace when there is one", () => {
    expect(sessionDirectory("/work", undefined)).toBe("/work");
    expect(sessionDirectory("/work", "/home/s1")).toBe(path.resolve("/home/s1"));
    expect(sessionDirectory("/work", "s1")).toBe(path.resolve("/work/s1"));
  });
});
