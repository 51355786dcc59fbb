import { describe, expect, it } from "vitest";
import {
  buildEnvironment,
  looksLikeCredential,
} from "../../../src/execution/environment/build-environment.js";
import { matchesNamePattern } from "../../../src/execution/environment/name-pattern.js";

const host = {
  PATH: "/usr/bin",
  HOME: "/home/me",
  GITHUB_TOKEN: "ghp_x",
  AWS_SECRET_ACCESS_KEY: "s",
  api_key: "k",
  DB_PASSWORD: "p",
  TERM: "xterm-256color",
  PAGER: "less",
  EMPTY: undefined,
};

describe("buildEnvironment", () => {
  it("drops credential-like names in any case and adds the non-interactive defaults", () => {
    expect(buildEnvironment(host, { platform: "linux" })).toEqual({
      PATH: "/usr/bin",
      HOME: "/home/me",
      PAGER: "cat",
      GIT_PAGER: "cat",
      NO_COLOR: "1",
      TERM: "dumb",
    });
  });

  it("keeps allowed names, drops denied ones, and deny wins over allow", () => {
    const result = buildEnvironment(host, { allow: ["GITHUB_*", "DB_PASSWORD"], deny: ["DB_*", "HOME"] });
    expect(result.GITHUB_TOKEN).toBe("ghp_x");
    expect(result.DB_PASSWORD).toBeUndefined();
    expect(result.HOME).toBeUndefined();
  });

  it("scrub: false keeps credentials; the caller's own values beat the defaults and are never scrubbed", () => {
    const result = buildEnvironment(host, { scrub: false, set: { TERM: "xterm", MY_TOKEN: "mine" } });
    expect(result.AWS_SECRET_ACCESS_KEY).toBe("s");
    expect(result.TERM).toBe("xterm");
    expect(result.MY_TOKEN).toBe("mine");
  });

  it("keeps look-alike names, drops values carrying credentials, and honours env_scrub lists and env_keep", () => {
    const base = {
      MONKEY: "banana",
      TOKENIZERS_PARALLELISM: "false",
      DATABASE_URL: "postgres://u:secret@db/app",
      COMPANY_INTERNAL: "x",
    };
    expect(buildEnvironment(base)).toMatchObject({ MONKEY: "banana", TOKENIZERS_PARALLELISM: "false" });
    expect(buildEnvironment(base).DATABASE_URL).toBeUndefined();
    const custom = buildEnvironment(base, { scrub: ["COMPANY_*"], allow: ["DATABASE_URL"] });
    expect(custom.COMPANY_INTERNAL).toBeUndefined();
    expect(custom.DATABASE_URL).toBe("postgres://u:secret@db/app");
  });

  it("on Windows a caller's name replaces the host's spelled in another case", () => {
    const result = buildEnvironment({ Path: "C:\\Windows" }, { platform: "win32", set: { PATH: "C:\\bin" } });
    expect(result).toMatchObject({ PATH: "C:\\bin" });
    expect(result.Path).toBeUndefined();
  });

  it("matches patterns exactly or with * wildcards, ignoring case", () => {
    expect(matchesNamePattern("aws_region", "AWS_*")).toBe(true);
    expect(matchesNamePattern("MY_AWS", "AWS_*")).toBe(false);
    expect(matchesNamePattern("A.B", "A.B")).toBe(true);
    expect(matchesNamePattern("AxB", "A.B")).toBe(false);
    expect(looksLikeCredential("SSH_AUTH_SOCK")).toBe(false);
    expect(looksLikeCredential("npm_config__authToken")).toBe(true);
  });
});

describe("buildEnvironment on Windows: Python's output encoding", () => {
  it("sets PYTHONUTF8=1 so Python writes UTF-8 to the pipe, not the ANSI code page", () => {
    expect(buildEnvironment({ Path: "C:\\x" }, { platform: "win32" }).PYTHONUTF8).toBe("1");
  });

  it("keeps the user's own choice, whatever its case", () => {
    expect(buildEnvironment({ pythonutf8: "0" }, { platform: "win32" })).not.toHaveProperty("PYTHONUTF8");
    expect(buildEnvironment({ PYTHONIOENCODING: "cp1252" }, { platform: "win32" })).not.toHaveProperty(
      "PYTHONUTF8",
    );
    expect(buildEnvironment({}, { platform: "win32", set: { PYTHONUTF8: "0" } }).PYTHONUTF8).toBe("0");
  });

  it("leaves POSIX hosts alone", () => {
    expect(buildEnvironment({}, { platform: "linux" })).not.toHaveProperty("PYTHONUTF8");
  });
});

describe("buildEnvironment reuses its last build only for the same input", () => {
  it("sees a variable the host changed, added or removed since the last run", () => {
    const host: NodeJS.ProcessEnv = { HOME: "/home/me", MODE: "one" };
    expect(buildEnvironment(host).MODE).toBe("one");
    host.MODE = "two";
    expect(buildEnvironment(host).MODE).toBe("two");
    host.EXTRA = "x";
    expect(buildEnvironment(host).EXTRA).toBe("x");
    delete host.EXTRA;
    expect(buildEnvironment(host)).not.toHaveProperty("EXTRA");
    host.GITHUB_TOKEN = "ghp_secret";
    expect(buildEnvironment(host)).not.toHaveProperty("GITHUB_TOKEN");
  });

  it("sees a list or a variable the caller changed in place", () => {
    const host: NodeJS.ProcessEnv = { API_TOKEN: "t", KEEP: "k" };
    const allow: string[] = [];
    const set: Record<string, string> = { MINE: "1" };
    expect(buildEnvironment(host, { allow, set })).not.toHaveProperty("API_TOKEN");
    allow.push("API_TOKEN");
    set.MINE = "2";
    const rebuilt = buildEnvironment(host, { allow, set });
    expect(rebuilt.API_TOKEN).toBe("t");
    expect(rebuilt.MINE).toBe("2");
  });

  it("hands out a copy, so a caller that edits its result changes no later run", () => {
    const host: NodeJS.ProcessEnv = { A: "1" };
    const first = buildEnvironment(host);
    first.A = "edited";
    first.INJECTED = "x";
    const second = buildEnvironment(host);
    expect(second.A).toBe("1");
    expect(second).not.toHaveProperty("INJECTED");
  });
});

describe("buildEnvironment on Windows: ComSpec", () => {
  it("is the absolute %SystemRoot%\\System32\\cmd.exe even when the host has none", () => {
    // The MCP SDK's default Windows environment for a stdio server: no ComSpec.
    const result = buildEnvironment({ SYSTEMROOT: "C:\\Windows", PATH: "C:\\x" }, { platform: "win32" });
    expect(result.ComSpec).toBe("C:\\Windows\\System32\\cmd.exe");
  });

  it("replaces a host's relative ComSpec in any case, and the caller's own value still wins", () => {
    const host = { SystemRoot: "D:\\Win", comspec: "cmd.exe" };
    const result = buildEnvironment(host, { platform: "win32" });
    expect(result).not.toHaveProperty("comspec");
    expect(result.ComSpec).toBe("D:\\Win\\System32\\cmd.exe");
    expect(buildEnvironment(host, { platform: "win32", set: { COMSPEC: "D:\\tcc\\tcc.exe" } }).COMSPEC).toBe(
      "D:\\tcc\\tcc.exe",
    );
  });

  it("leaves POSIX hosts alone", () => {
    expect(buildEnvironment({}, { platform: "linux" })).not.toHaveProperty("ComSpec");
  });
});
