import { describe, expect, it } from "vitest";
import { expandPolicyPath, resolveSandboxPolicy } from "../../../src/execution/sandbox/sandbox-policy.js";

const linux = { platform: "linux", cwd: "/work/project", home: "/home/ada", tempDirectory: "/tmp" } as const;
const windows = {
  platform: "win32",
  cwd: "C:\\work\\project",
  home: "C:\\Users\\ada",
  tempDirectory: "C:\\Users\\ada\\AppData\\Local\\Temp",
  appData: "C:\\Users\\ada\\AppData\\Roaming",
} as const;

describe("resolveSandboxPolicy", () => {
  it("defaults: the working, temp and spill directories writable, the home's credentials unreadable, no host", () => {
    const policy = resolveSandboxPolicy(
      { mode: "auto", allowed_domains: [] },
      { ...linux, spillDirectory: "/var/spill" },
    );
    expect(policy).toEqual({
      mode: "auto",
      allowWrite: ["/work/project", "/tmp", "/var/spill"],
      denyRead: [
        "/home/ada/.ssh",
        "/home/ada/.aws",
        "/home/ada/.gnupg",
        "/home/ada/.config/gh",
        "/home/ada/.netrc",
        "/home/ada/.docker/config.json",
      ],
      allowedDomains: [],
    });
  });

  it("Windows defaults name the Windows credential stores", () => {
    const policy = resolveSandboxPolicy({ mode: "required", allowed_domains: [] }, windows);
    expect(policy.allowWrite).toEqual(["C:\\work\\project", "C:\\Users\\ada\\AppData\\Local\\Temp"]);
    expect(policy.denyRead).toContain("C:\\Users\\ada\\.ssh");
    expect(policy.denyRead).toContain("C:\\Users\\ada\\AppData\\Roaming\\GitHub CLI");
    expect(policy.denyRead).toContain("C:\\Users\\ada\\AppData\\Roaming\\gnupg");
    expect(policy.denyRead).toContain("C:\\Users\\ada\\_netrc");
  });

  it("a list the config gives replaces its default; entries are expanded and deduplicated", () => {
    const policy = resolveSandboxPolicy(
      {
        mode: "auto",
        allow_write: [".", "build", "/work/project"],
        deny_read: [],
        allowed_domains: ["Example.COM "],
      },
      linux,
    );
    expect(policy.allowWrite).toEqual(["/work/project", "/work/project/build"]);
    expect(policy.denyRead).toEqual([]);
    expect(policy.allowedDomains).toEqual(["example.com"]);
  });

  it("expands ~ to the home and a relative entry against the working directory", () => {
    expect(expandPolicyPath("~", linux)).toBe("/home/ada");
    expect(expandPolicyPath("~/.kube", linux)).toBe("/home/ada/.kube");
    expect(expandPolicyPath("../other", linux)).toBe("/work/other");
    expect(expandPolicyPath("~\\.kube", windows)).toBe("C:\\Users\\ada\\.kube");
    expect(expandPolicyPath("D:\\data", windows)).toBe("D:\\data");
  });

  it("a private temp directory replaces the system's among the defaults and is kept in a given list", () => {
    const context = { ...linux, privateTempDirectory: "/tmp/shellgate-sandbox-1-x" };
    const defaults = resolveSandboxPolicy({ mode: "auto", allowed_domains: [] }, context);
    expect(defaults.allowWrite).toEqual(["/work/project", "/tmp/shellgate-sandbox-1-x"]);
    expect(defaults.tempDirectory).toBe("/tmp/shellgate-sandbox-1-x");
    const given = resolveSandboxPolicy({ mode: "auto", allow_write: ["."], allowed_domains: [] }, context);
    expect(given.allowWrite).toEqual(["/work/project", "/tmp/shellgate-sandbox-1-x"]);
  });
});
