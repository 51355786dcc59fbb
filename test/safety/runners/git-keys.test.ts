import { describe, expect, it } from "vitest";
import { parseGitConfig } from "../../../src/safety/runners/git.js";
import { gitKeyKind, gitSettingCommand } from "../../../src/safety/runners/git-keys.js";

describe("git keys whose value is a command", () => {
  it("knows how git runs each one", () => {
    expect(gitKeyKind("core.pager")).toBe("shell");
    expect(gitKeyKind("Core.SSHCommand")).toBe("shell");
    expect(gitKeyKind("core.gitProxy")).toBe("program");
    expect(gitKeyKind("difftool.meld.cmd")).toBe("shell");
    expect(gitKeyKind("alias.st")).toBe("bang");
    expect(gitKeyKind("user.name")).toBeUndefined();
  });

  it("gives the command a setting runs, and none for booleans or git's own helpers", () => {
    expect(gitSettingCommand("pager.log", "less -R")).toBe("less -R");
    expect(gitSettingCommand("pager.log", "false")).toBeUndefined();
    expect(gitSettingCommand("core.fsmonitor", "true")).toBeUndefined();
    expect(gitSettingCommand("credential.helper", "store")).toBeUndefined();
    expect(gitSettingCommand("credential.helper", "!pass git")).toBe("pass git");
    expect(gitSettingCommand("core.gitProxy", "/usr/bin/proxy")).toBe("'/usr/bin/proxy' x");
  });
});

describe("parseGitConfig", () => {
  it("reads sections, subsections, quoted values and comments", () => {
    const text =
      '[core]\n\tpager = less -R ; comment\n[remote "origin"]\n\tuploadpack = "git-upload-pack"\n[alias] st = !status\n';
    expect(parseGitConfig(text, "x").map(({ key, value }) => [key, value])).toEqual([
      ["core.pager", "less -R"],
      ["remote.origin.uploadpack", "git-upload-pack"],
      ["alias.st", "!status"],
    ]);
  });
});
