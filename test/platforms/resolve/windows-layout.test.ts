import { describe, expect, it } from "vitest";
import {
  classifyBashPath,
  gitRootFromExePath,
  gitRootFromGitExe,
  systemDirectories,
} from "../../../platforms/resolve/windows-layout.js";

describe("classifyBashPath", () => {
  it.each([
    ["C:\\Windows\\System32\\bash.exe", "wsl-launcher"],
    ["c:\\windows\\SysWOW64\\bash.exe", "wsl-launcher"],
    ["C:\\Windows\\Sysnative\\BASH.EXE", "wsl-launcher"],
    ["C:\\Users\\me\\AppData\\Local\\Microsoft\\WindowsApps\\bash.exe", "windows-apps-alias"],
    ["C:\\Program Files\\Git\\git-bash.exe", "mintty-launcher"],
    ["C:\\Program Files\\Git\\bin\\bash.exe", "bin"],
    ["C:/Program Files/Git/usr/bin/bash.exe", "usr-bin"],
    ["D:\\tools\\bash.exe", "other"],
  ])("%s is %s", (target, type) => {
    expect(classifyBashPath(target).type).toBe(type);
  });

  it("finds the root above bin\\ and usr\\bin\\", () => {
    expect(classifyBashPath("C:\\Program Files\\Git\\bin\\bash.exe")).toEqual({
      type: "bin",
      root: "C:\\Program Files\\Git",
    });
    expect(classifyBashPath("C:\\msys64\\usr\\bin\\bash.exe")).toEqual({
      type: "usr-bin",
      root: "C:\\msys64",
    });
  });
});

describe("gitRootFromGitExe", () => {
  it.each([
    ["C:\\Program Files\\Git\\cmd\\git.exe", "C:\\Program Files\\Git"],
    ["C:\\Program Files\\Git\\bin\\git.exe", "C:\\Program Files\\Git"],
    ["C:\\Program Files\\Git\\mingw64\\bin\\git.exe", "C:\\Program Files\\Git"],
    ["C:\\Git\\clangarm64\\bin\\git.exe", "C:\\Git"],
    ["D:\\PortableGit\\CMD\\GIT.EXE", "D:\\PortableGit"],
  ])("%s → %s", (gitPath, root) => {
    expect(gitRootFromGitExe(gitPath)).toEqual({ root });
  });

  it("derives nothing from a Scoop shim or an unknown layout", () => {
    expect(gitRootFromGitExe("C:\\Users\\me\\scoop\\shims\\git.exe")).toMatchObject({ root: null });
    expect(gitRootFromGitExe("D:\\tools\\git.exe")).toMatchObject({ root: null });
  });
});

describe("gitRootFromExePath", () => {
  it("accepts the root or one of its bin directories", () => {
    expect(gitRootFromExePath("C:\\Program Files\\Git")).toBe("C:\\Program Files\\Git");
    expect(gitRootFromExePath("C:\\Program Files\\Git\\bin\\")).toBe("C:\\Program Files\\Git");
    expect(gitRootFromExePath("C:\\Program Files\\Git\\usr\\bin")).toBe("C:\\Program Files\\Git");
  });
});

describe("systemDirectories", () => {
  it("adds Sysnative for a 32-bit process on 64-bit Windows", () => {
    expect(systemDirectories("C:\\Windows", false)).toEqual(["C:\\Windows\\System32"]);
    expect(systemDirectories("C:\\Windows", true)).toEqual([
      "C:\\Windows\\Sysnative",
      "C:\\Windows\\System32",
    ]);
  });
});
