import { describe, expect, it } from "vitest";
import { splitSimpleCommand } from "../../../src/execution/fallback/split-simple-command.js";

describe("splitSimpleCommand (no-bash fallback)", () => {
  it("splits with shell quoting rules", () => {
    expect(splitSimpleCommand(`git commit -m "it's done" 'a "b"' plain`)).toEqual({
      ok: true,
      argv: ["git", "commit", "-m", "it's done", 'a "b"', "plain"],
    });
    expect(splitSimpleCommand("node --version # a comment")).toEqual({
      ok: true,
      argv: ["node", "--version"],
    });
  });

  it.each([
    ["ls | wc -l", "|", "the pipe"],
    ["make && make install", "&&", "the and-list operator"],
    ["a || b", "||", "the or-list operator"],
    ["a; b", ";", "the command separator"],
    ["echo hi > out.txt", ">", "the output redirect"],
    ["sort < in.txt", "<", "the input redirect"],
    ["server &", "&", "the background operator"],
    ["echo $HOME", "$HOME", "a variable"],
    ['echo "${USER}"', "$USER", "a variable"],
    ["echo $(pwd)", "$(", "command substitution"],
    ["echo `date`", "`", "command substitution"],
    ["ls *.ts", "*.ts", "a glob"],
    ["cat ~/notes", "~", "home-directory expansion"],
    ["type C:\\Users\\me\\x.txt", "\\", "a backslash escape"],
  ])("refuses %j naming %s", (command, operator, what) => {
    const split = splitSimpleCommand(command);
    expect(split.ok).toBe(false);
    if (split.ok) return;
    expect(split.operator).toBe(operator);
    expect(split.message).toContain(`uses ${what} '${operator}'`);
    expect(split.message).toContain("https://git-scm.com/download/win");
    expect(split.message).toContain("WSL");
  });

  it("keeps quoted operators, globs and tildes as plain text", () => {
    expect(splitSimpleCommand(`echo 'a | b' "x && y" '*.ts' '~' '$HOME'`)).toEqual({
      ok: true,
      argv: ["echo", "a | b", "x && y", "*.ts", "~", "$HOME"],
    });
  });

  it("refuses an empty command", () => {
    expect(splitSimpleCommand("   ").ok).toBe(false);
  });
});
