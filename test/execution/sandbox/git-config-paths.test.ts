import { describe, expect, it } from "vitest";
import { gitConfigPaths } from "../../../src/execution/sandbox/git-config-paths.js";

describe("gitConfigPaths", () => {
  it("finds core.hooksPath and every included file, whatever the case, quotes and comments", () => {
    const text = [
      "[core]",
      "\trepositoryformatversion = 0",
      '\tHooksPath = ".husky/_" ; husky',
      "[include]",
      "\tpath = ../shared.gitconfig",
      '[includeIf "gitdir:~/work/"]',
      "\tpath = ~/work.gitconfig # work",
      '[alias]\n\tx = "!sh -c hooksPath=no"',
    ].join("\n");
    expect(gitConfigPaths(text)).toEqual({
      hooksPath: ".husky/_",
      includes: ["../shared.gitconfig", "~/work.gitconfig"],
    });
  });

  it("a config without them has none", () => {
    expect(gitConfigPaths("[core]\n\tbare = false\n")).toEqual({ hooksPath: undefined, includes: [] });
  });
});
