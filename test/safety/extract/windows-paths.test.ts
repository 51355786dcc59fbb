import { describe, expect, it } from "vitest";
import { foldWindowsPath, windowsProtection } from "../../../src/safety/extract/windows-paths.js";

describe("foldWindowsPath", () => {
  it("folds every drive spelling to /c/…", () => {
    for (const spelling of [
      "C:/Windows",
      "C:\\Windows",
      "c:\\Windows",
      "/cygdrive/c/Windows",
      "/mnt/c/Windows",
      "//?/C:/Windows",
      "\\\\?\\C:\\Windows",
    ])
      expect(foldWindowsPath(spelling)).toBe("/c/Windows");
    expect(foldWindowsPath("C:")).toBe("/c/");
  });

  it("reads raw disks and volumes as devices, but not pipes or console devices", () => {
    expect(foldWindowsPath("//./PhysicalDrive0")).toBe("/dev/disk/windows/physicaldrive0");
    expect(foldWindowsPath("\\\\.\\PhysicalDrive1")).toBe("/dev/disk/windows/physicaldrive1");
    expect(foldWindowsPath("\\\\.\\C:")).toBe("/dev/disk/windows/c:");
    expect(foldWindowsPath("\\\\.\\pipe\\x")).toBe("\\\\.\\pipe\\x");
  });

  it("leaves POSIX paths alone", () => {
    for (const plain of ["/usr/bin", "relative/x", "/mnt/data", "-rf", "a"])
      expect(foldWindowsPath(plain)).toBe(plain);
  });
});

describe("windowsProtection", () => {
  it("protects drive roots, system folders, profiles; not project paths or Temp", () => {
    expect(windowsProtection("/c")).toBe("root");
    expect(windowsProtection("/d/")).toBe("root");
    expect(windowsProtection("/c/WINDOWS")).toBe("system");
    expect(windowsProtection("/c/Program Files (x86)")).toBe("system");
    expect(windowsProtection("/c/Windows/System32")).toBe("system");
    expect(windowsProtection("/c/Windows/Fonts")).toBe("system-subdirectory");
    expect(windowsProtection("/c/Users/me")).toBe("home");
    expect(windowsProtection("/c/Users/Public")).toBe("system");
    expect(windowsProtection("/c/Users/me/project")).toBeUndefined();
    expect(windowsProtection("/c/Windows/Temp/x")).toBeUndefined();
    expect(windowsProtection("/usr/lib")).toBeUndefined();
  });
});
