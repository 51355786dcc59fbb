import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CliOutcome, runCli } from "../../../support/fake-io.js";

let directory: string;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "shellgate-check-"));
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function run(args: string[], input?: string): Promise<CliOutcome> {
  return runCli(args, { cwd: directory, env: {}, ...(input !== undefined ? { input } : {}) });
}

describe("shellgate check COMMAND", () => {
  it("judges in the caller's working directory, or --cwd: cd / && shellgate check 'rm -rf *' blocks", async () => {
    const fromRoot = await runCli(["check", "--json", "rm -rf *"], { cwd: "/", env: {} });
    expect(fromRoot.code).toBe(1);
    expect(JSON.parse(fromRoot.out)).toMatchObject({ allowed: false, rule: "delete.root" });
    expect((await run(["check", "rm -rf *"])).code).toBe(0);
    expect(JSON.parse((await run(["check", "--json", "--cwd", "/", "rm -rf *"])).out)).toMatchObject({
      rule: "delete.root",
    });
  });

  it("exits 0 and says allowed for a benign command", async () => {
    expect(await run(["check", "ls -la"])).toEqual({ code: 0, out: "allowed (strict)\n", err: "" });
  });

  it("exits 1 with rule, reason, command and span for a blocked one", async () => {
    const { code, out } = await run(["check", "--", "sudo apt install vim"]);
    expect(code).toBe(1);
    expect(out).toMatch(/^blocked \(strict\) \[privilege\.sudo\]: Blocked: 'sudo' runs a command/);
    expect(out).toContain("  command: sudo apt install vim\n");
    expect(out).toContain("  at: 0-20\n");
  });

  it("joins several positionals after -- into one command", async () => {
    const { code, out } = await run(["check", "--profile", "permissive", "--json", "--", "rm", "-rf", "/"]);
    expect(code).toBe(1);
    expect(JSON.parse(out)).toMatchObject({
      allowed: false,
      profile: "permissive",
      rule: "delete.root",
      command: "rm -rf /",
    });
  });

  it("applies --allow in standard but not strict, and --deny everywhere", async () => {
    expect(
      (await run(["check", "--profile", "standard", "--allow", "sudo apt *", "sudo apt update"])).code,
    ).toBe(0);
    expect(
      (await run(["check", "--profile", "strict", "--allow", "sudo apt *", "sudo apt update"])).code,
    ).toBe(1);
    const denied = await run([
      "check",
      "--profile",
      "unrestricted",
      "--deny",
      "npm publish",
      "--json",
      "npm publish",
    ]);
    expect(denied.code).toBe(1);
    expect(JSON.parse(denied.out).rule).toBe("list.denied");
  });

  it("reads lists and the profile from --config", async () => {
    const file = path.join(directory, "config.json");
    await writeFile(
      file,
      JSON.stringify({ safety_profile: "standard", allowed_commands: ["sudo systemctl *"] }),
    );
    expect(await run(["check", "--config", file, "sudo systemctl restart nginx"])).toMatchObject({
      code: 0,
      out: "allowed (standard)\n",
    });
    expect(
      (await run(["check", "--config", file, "--profile", "strict", "sudo systemctl restart nginx"])).code,
    ).toBe(1);
  });

  it("exits 64 (as run does) with one line for bad usage", async () => {
    expect(await run(["check"])).toMatchObject({
      code: 64,
      err: "shellgate check: missing COMMAND; usage: shellgate check [options] [--] COMMAND\n",
    });
    expect(await run(["check", "--profile", "loose", "ls"])).toMatchObject({
      code: 64,
      err: "shellgate check: unknown profile 'loose'; use one of strict, standard, permissive, unrestricted\n",
    });
    expect((await run(["check", "--frobnicate", "ls"])).code).toBe(64);
    expect((await run(["check", "--config", path.join(directory, "missing.json"), "ls"])).code).toBe(64);
    const bad = path.join(directory, "bad.json");
    await writeFile(bad, JSON.stringify({ safety_profile: "lenient" }));
    expect(await run(["check", "--config", bad, "ls"])).toMatchObject({ code: 64 });
  });
});

describe("shellgate check --jsonl", () => {
  it("writes one verdict per line, in order, with per-line profiles", async () => {
    const input = [
      JSON.stringify({ command: "ls" }),
      JSON.stringify({ command: "sudo id", profile: "permissive" }),
      "",
      JSON.stringify({ command: "rm -rf ~" }),
    ].join("\n");
    const { code, out } = await run(["check", "--jsonl"], `${input}\n`);
    expect(code).toBe(0);
    const records = out
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(records).toEqual([
      { command: "ls", profile: "strict", verdict: "allow", rule: null, reason: null },
      { command: "sudo id", profile: "permissive", verdict: "allow", rule: null, reason: null },
      expect.objectContaining({
        command: "rm -rf ~",
        profile: "strict",
        verdict: "block",
        rule: "delete.home",
      }),
    ]);
  });

  it("answers a bad line with an error record naming the line, and carries on", async () => {
    const input = [
      '{"command": "ls"}',
      "not json",
      '{"cmd": "ls"}',
      '{"command": "ls", "profile": "x"}',
      '{"command": "sudo id"}',
    ].join("\n");
    const { code, out } = await run(["check", "--jsonl", "--profile", "standard"], input);
    expect(code).toBe(1);
    const records = out
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(records).toHaveLength(5);
    expect(records[1]).toEqual({
      line: 2,
      error: 'not valid JSON; expected {"command": "…", "profile"?: "…"}',
    });
    expect(records[2]).toEqual({ line: 3, error: "'command' must be a string" });
    expect(records[3].error).toMatch(/^unknown profile "x"/);
    expect(records[4]).toMatchObject({ profile: "standard", verdict: "block", rule: "privilege.sudo" });
  });

  it("streams many lines in order", async () => {
    const lines = Array.from({ length: 5000 }, (_, index) =>
      JSON.stringify({ command: index % 2 === 0 ? `echo ${index}` : `sudo echo ${index}` }),
    );
    const { code, out } = await run(["check", "--jsonl"], `${lines.join("\n")}\n`);
    expect(code).toBe(0);
    const records = out
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { command: string; verdict: string });
    expect(records).toHaveLength(5000);
    records.forEach((record, index) => {
      expect(record.command).toBe(index % 2 === 0 ? `echo ${index}` : `sudo echo ${index}`);
      expect(record.verdict).toBe(index % 2 === 0 ? "allow" : "block");
    });
  });

  it("rejects a COMMAND together with --jsonl", async () => {
    expect((await run(["check", "--jsonl", "ls"], "")).code).toBe(64);
  });
});

describe("shellgate check in a context (--cwd, --host, per-line cwd)", () => {
  it("--cwd resolves relative operands: rm -rf * from / is the root", async () => {
    const fromRoot = await run(["check", "--cwd", "/", "--", "rm -rf *"]);
    expect(fromRoot.code).toBe(1);
    expect(fromRoot.out).toContain("[delete.root]");
    expect((await run(["check", "--", "rm -rf *"])).code).toBe(0);
  });

  it("--host judges a Git Bash host: its home and drive paths are protected", async () => {
    const { readFile } = await import("node:fs/promises");
    const fixture = JSON.parse(
      await readFile(path.resolve(__dirname, "../../../hosts/win-git-default.json"), "utf8"),
    ) as { host: unknown };
    const file = path.join(directory, "host.json");
    await writeFile(file, JSON.stringify(fixture.host));
    const home = await run(["check", "--host", file, "--", "rm -rf /c/Users/me"]);
    expect(home.code).toBe(1);
    expect(home.out).toContain("[delete.home]");
    const relative = await run(["check", "--host", file, "--cwd", "C:\\Users\\me", "--", "rm -rf *"]);
    expect(relative.out).toContain("[delete.home]");
    expect((await run(["check", "--host", file, "--", "rm -rf /c/Users/me/project/build"])).code).toBe(0);
  });

  it("--host on Git Bash and WSL hosts: cmd, robocopy and reg forms judged as those programs act", async () => {
    const { readFile } = await import("node:fs/promises");
    const hostFile = async (name: string) => {
      const fixture = JSON.parse(
        await readFile(path.resolve(__dirname, `../../../hosts/${name}.json`), "utf8"),
      ) as { host: unknown };
      const file = path.join(directory, `${name}.json`);
      await writeFile(file, JSON.stringify(fixture.host));
      return file;
    };
    const gitBash = await hostFile("win-git-default");
    const wsl = await hostFile("win-override-wsl-present");
    const verdict = async (host: string, command: string, profile = "strict") =>
      (await run(["check", "--host", host, "--profile", profile, "--", command])).out.split(" ")[0];
    for (const host of [gitBash, wsl]) {
      expect(await verdict(host, "cmd.exe /c 'del /f /s /q C:\\*.*'")).toBe("blocked");
      expect(await verdict(host, "robocopy empty 'C:\\Users' /MIR", "permissive")).toBe("blocked");
      expect(
        await verdict(host, "reg add 'HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run' /v x /d y"),
      ).toBe("blocked");
      expect(await verdict(host, "sc delete WinDefend")).toBe("blocked");
      expect(await verdict(host, "robocopy src dst /E")).toBe("allowed");
      expect(await verdict(host, "reg query 'HKCU\\Software'")).toBe("allowed");
    }
    expect(await verdict(gitBash, "cmd //c 'rd/s/q C:\\'", "permissive")).toBe("blocked");
    expect(await verdict(gitBash, "rm -rf /C/ /c/PROGRA~1", "permissive")).toBe("blocked");
    expect(await verdict(gitBash, "cmd //c dir")).toBe("allowed");
  });

  it("--jsonl takes an optional cwd per line and rejects a cwd that is not a string", async () => {
    const input = [
      JSON.stringify({ command: "find . -delete", cwd: "/" }),
      JSON.stringify({ command: "find . -delete", cwd: "/tmp/project" }),
      JSON.stringify({ command: "ls", cwd: 3 }),
    ].join("\n");
    const { code, out } = await run(["check", "--jsonl"], `${input}\n`);
    const [root, project, bad] = out
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(root).toMatchObject({ verdict: "block", rule: "delete.root" });
    expect(project).toMatchObject({ verdict: "allow" });
    expect(bad).toMatchObject({ line: 3, error: expect.stringContaining("'cwd'") });
    expect(code).toBe(1);
  });

  it("warns once on stderr when an allow list is given with strict, which ignores it", async () => {
    const { err } = await run(["check", "--allow", "rm *", "--", "ls"]);
    expect(err.match(/warning/g)).toHaveLength(1);
    expect(err).toMatch(/allowed_commands is ignored because safety_profile is strict/);
    expect((await run(["check", "--profile", "standard", "--allow", "rm *", "--", "ls"])).err).toBe("");
  });
});
