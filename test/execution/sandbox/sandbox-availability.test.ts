import { describe, expect, it } from "vitest";
import { decideSandboxAvailability } from "../../../src/execution/sandbox/sandbox-availability.js";

describe("decideSandboxAvailability", () => {
  it("Linux with everything installed: bubblewrap", () => {
    expect(decideSandboxAvailability({ platform: "linux", dependencyErrors: [] })).toMatchObject({
      available: true,
      mechanism: "bubblewrap",
    });
  });

  it("Linux without its programs names the packages to install", () => {
    const availability = decideSandboxAvailability({
      platform: "linux",
      dependencyErrors: ["ripgrep (rg) not found", "bubblewrap (bwrap) not installed", "socat not installed"],
    });
    expect(availability.available).toBe(false);
    expect(availability.reason).toContain("apt install bubblewrap socat ripgrep");
  });

  it("a root caller without CAP_SETFCAP is told how to fix it", () => {
    const availability = decideSandboxAvailability({
      platform: "linux",
      dependencyErrors: ["running as uid 0 needs CAP_SETFCAP in the bounding set"],
    });
    expect(availability.reason).toContain("non-root user");
  });

  it("without the library: how to install it, and why Node 20 left it out", () => {
    const availability = decideSandboxAvailability({
      platform: "darwin",
      libraryError: "Cannot find package '@anthropic-ai/sandbox-runtime'",
      dependencyErrors: [],
    });
    expect(availability).toMatchObject({ available: false, mechanism: "seatbelt" });
    expect(availability.reason).toContain("npm install @anthropic-ai/sandbox-runtime@0.0.83");
    expect(availability.reason).toContain("22.12");
  });

  it("macOS: Seatbelt", () => {
    expect(decideSandboxAvailability({ platform: "darwin", dependencyErrors: [] })).toMatchObject({
      available: true,
      mechanism: "seatbelt",
    });
  });

  it("Windows without the one-time install names the setup step", () => {
    const availability = decideSandboxAvailability({
      platform: "win32",
      dependencyErrors: ["Sandbox user is not provisioned (user=false, group=false)"],
    });
    expect(availability).toMatchObject({ available: false, mechanism: "windows-sandbox-account" });
    expect(availability.reason).toContain("windows-install, once, in an elevated terminal");
  });

  it("WSL: bubblewrap inside the distribution, or how to install it there", () => {
    expect(
      decideSandboxAvailability({
        platform: "win32",
        dependencyErrors: [],
        wsl: { bubblewrap: true, distro: "Debian" },
      }),
    ).toMatchObject({ available: true, mechanism: "bubblewrap-in-wsl" });
    const missing = decideSandboxAvailability({
      platform: "win32",
      dependencyErrors: [],
      wsl: { bubblewrap: false },
    });
    expect(missing.available).toBe(false);
    expect(missing.reason).toContain("sudo apt install bubblewrap");
  });

  it("an unsupported platform has no mechanism", () => {
    expect(decideSandboxAvailability({ platform: "freebsd", dependencyErrors: [] })).toMatchObject({
      available: false,
      mechanism: "none",
    });
  });
});

describe("a host whose bubblewrap cannot start", () => {
  it("says to allow unprivileged user namespaces", () => {
    const availability = decideSandboxAvailability({
      platform: "linux",
      dependencyErrors: [
        "bubblewrap cannot create its namespaces here (bwrap: setting up uid map: Permission denied)",
      ],
    });
    expect(availability.available).toBe(false);
    expect(availability.reason).toContain("kernel.apparmor_restrict_unprivileged_userns=0");
    expect(availability.reason).not.toContain("apt install bubblewrap");
  });
});
