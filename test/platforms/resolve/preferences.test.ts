import { describe, expect, it } from "vitest";
import { chooseBashPath, chooseWindowsShellPreference } from "../../../platforms/resolve/preferences.js";

const env = (values: Record<string, string>) => (name: string) => values[name];

describe("chooseWindowsShellPreference", () => {
  it("takes config first, then SHELLGATE_WINDOWS_SHELL, then AMPLIFIER_BASH_WINDOWS_SHELL", () => {
    const all = env({ SHELLGATE_WINDOWS_SHELL: "wsl", AMPLIFIER_BASH_WINDOWS_SHELL: "gitbash" });
    expect(chooseWindowsShellPreference("gitbash", all)).toEqual({ preference: "gitbash", source: "config" });
    expect(chooseWindowsShellPreference(undefined, all)).toEqual({
      preference: "wsl",
      source: "SHELLGATE_WINDOWS_SHELL",
    });
    expect(chooseWindowsShellPreference(undefined, env({ AMPLIFIER_BASH_WINDOWS_SHELL: "gitbash" }))).toEqual(
      {
        preference: "gitbash",
        source: "AMPLIFIER_BASH_WINDOWS_SHELL",
      },
    );
  });

  it("lets config 'auto' (the schema default) and blank values defer to the environment", () => {
    expect(chooseWindowsShellPreference("auto", env({ SHELLGATE_WINDOWS_SHELL: "wsl" })).preference).toBe(
      "wsl",
    );
    expect(chooseWindowsShellPreference("  ", env({})).source).toBe("default");
    expect(chooseWindowsShellPreference("auto", env({}))).toEqual({ preference: "auto", source: "default" });
  });

  it("is case-insensitive and trims", () => {
    expect(chooseWindowsShellPreference(" GitBash ", env({})).preference).toBe("gitbash");
    expect(chooseWindowsShellPreference(undefined, env({ SHELLGATE_WINDOWS_SHELL: "AUTO" }))).toEqual({
      preference: "auto",
      source: "SHELLGATE_WINDOWS_SHELL",
    });
  });

  it("turns an unknown value into auto with a warning naming where it came from", () => {
    expect(chooseWindowsShellPreference("pwsh", env({}))).toEqual({
      preference: "auto",
      source: "config",
      warning: "config windows_shell is 'pwsh', which is not one of auto, wsl, gitbash; using auto",
    });
    expect(
      chooseWindowsShellPreference(undefined, env({ SHELLGATE_WINDOWS_SHELL: "cmd" })).warning,
    ).toContain("SHELLGATE_WINDOWS_SHELL is 'cmd'");
  });
});

describe("chooseBashPath", () => {
  it("takes config bash_path, then SHELLGATE_BASH_PATH, ignoring blanks", () => {
    const fromEnv = env({ SHELLGATE_BASH_PATH: "/env/bash" });
    expect(chooseBashPath("/config/bash", fromEnv)).toEqual({
      path: "/config/bash",
      source: "config bash_path",
    });
    expect(chooseBashPath(undefined, fromEnv)).toEqual({ path: "/env/bash", source: "SHELLGATE_BASH_PATH" });
    expect(chooseBashPath(" ", env({}))).toBeNull();
  });
});
