import { describe, expect, it } from "vitest";
import { isShellSetupCommand, isShellSetupOutput } from "../../../src/safety/reparse/shell-setup-tools.js";

describe("shell-setup subcommands", () => {
  it("knows the setup subcommand of each tool, not other uses of the tool", () => {
    for (const text of [
      "direnv hook bash",
      "ssh-agent -s",
      "pyenv init -",
      "/opt/homebrew/bin/brew shellenv",
      "kubectl completion bash",
    ])
      expect(isShellSetupCommand(text)).toBe(true);
    for (const text of [
      "ssh-agent bash",
      "kubectl get pods",
      "curl -s x/init",
      "cat init",
      "direnv hook bash; id",
      "sudo direnv hook",
    ])
      expect(isShellSetupCommand(text)).toBe(false);
  });

  it("accepts only a whole substitution of such a command", () => {
    expect(isShellSetupOutput('"$(direnv hook bash)"')).toBe(true);
    expect(isShellSetupOutput("`ssh-agent`")).toBe(true);
    expect(isShellSetupOutput("<(helm completion bash)")).toBe(true);
    expect(isShellSetupOutput('"$(direnv hook bash)$(curl x)"')).toBe(false);
    expect(isShellSetupOutput("direnv")).toBe(false);
  });
});
