import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandbox } from "../../../src/execution/sandbox/index.js";
import { runInSandbox } from "../../support/enclosed-run.js";
import { testResolution } from "../../support/resolution.js";
import { sandboxTestsRun } from "./sandbox-guard.js";

const runs = await sandboxTestsRun();
const bash = testResolution();

let root: string;
let work: string;
const hostGit = (cwd: string, ...args: string[]) =>
  spawnSync("git", args, {
    cwd,
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: root, GIT_CONFIG_NOSYSTEM: "1" },
  });

describe.runIf(runs)("git files the host runs later (real)", () => {
  beforeAll(() => {
    root = mkdtempSync(path.join(os.tmpdir(), "shellgate-git-"));
    work = path.join(root, "work");
    mkdirSync(work);
    hostGit(work, "init", "-q");
    // husky's layout: hooks in the work tree, named by core.hooksPath.
    hostGit(work, "config", "core.hooksPath", ".husky");
    mkdirSync(path.join(work, ".husky"));
    // A repository below the working directory, and a linked worktree's `.git` file.
    mkdirSync(path.join(work, "vendor", "lib"), { recursive: true });
    hostGit(path.join(work, "vendor", "lib"), "init", "-q");
    mkdirSync(path.join(work, "linked"));
    writeFileSync(path.join(work, "linked", ".git"), `gitdir: ${path.join(work, "vendor", "lib", ".git")}\n`);
  });

  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it("started outside the repository, a sandboxed command cannot plant a program the host's git runs", async () => {
    expect(process.cwd()).not.toBe(work);
    const sandbox = createSandbox({
      settings: { mode: "required", allowed_domains: [] },
      context: { platform: "linux", cwd: work, home: root, tempDirectory: path.join(root) },
    });
    const pwned = path.join(root, "pwned");
    const options = {
      resolution: bash,
      cwd: work,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: root },
    };
    const attacks = [
      `git config core.fsmonitor 'touch ${pwned}-fsmonitor; false'`,
      `printf '[core]\\n\\tfsmonitor = touch ${pwned}-config\\n' >> .git/config`,
      `printf '#!/bin/sh\\ntouch ${pwned}-hook\\n' > .git/hooks/post-checkout`,
      `printf '#!/bin/sh\\ntouch ${pwned}-husky\\n' > .husky/pre-commit`,
      `git -C vendor/lib config core.pager 'touch ${pwned}-nested'`,
      `printf '#!/bin/sh\\ntouch ${pwned}-nested-hook\\n' > vendor/lib/.git/hooks/pre-commit`,
      "echo 'gitdir: /tmp/elsewhere' > linked/.git",
    ];
    const before = readFileSync(path.join(work, ".git", "config"), "utf8");
    try {
      for (const attack of attacks) {
        const outcome = await runInSandbox(sandbox, attack, options);
        expect(outcome.sandboxed).toBe(true);
        expect(outcome.code, attack).not.toBe(0);
      }
      // A write the work needs still works.
      const edit = await runInSandbox(sandbox, "echo code > main.txt && git add main.txt", options);
      expect(edit.code).toBe(0);
    } finally {
      await sandbox.close();
    }
    expect(readFileSync(path.join(work, ".git", "config"), "utf8")).toBe(before);
    expect(existsSync(path.join(work, ".husky", "pre-commit"))).toBe(false);
    expect(readFileSync(path.join(work, "linked", ".git"), "utf8")).toContain("vendor");
    // The host's git later, in each repository.
    hostGit(work, "status");
    hostGit(path.join(work, "vendor", "lib"), "-p", "log");
    const planted = ["fsmonitor", "config", "hook", "husky", "nested", "nested-hook"].filter((name) =>
      existsSync(`${pwned}-${name}`),
    );
    expect(planted).toEqual([]);
  });
});
