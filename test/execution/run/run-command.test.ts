import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createConcurrencyCounter } from "../../../src/execution/concurrency/concurrency-counter.js";
import { SpillDirectory } from "../../../src/execution/io/spill-directory.js";
import { nativeWorkingDirectory } from "../../../src/execution/prepare/native-working-directory.js";
import { ExecutionError } from "../../../src/execution/run/execution-error.js";
import { runCommand } from "../../../src/execution/run/run-command.js";
import type { RunOptions } from "../../../src/execution/run/run-options.js";
import { FIXTURES, killQuietly, survivors } from "../../fixtures/exec/helpers.js";
import { HOSTILE_COMMANDS } from "../../fixtures/exec/hostile-commands.js";
import { BASH, GITBASH_STYLE } from "../../fixtures/exec/resolutions.js";
import { hasSetsid, pwdOutputs } from "../../support/platform.js";

const scratch = mkdtempSync(path.join(os.tmpdir(), "run-test-"));
const spillDirectory = new SpillDirectory(scratch);
const base: RunOptions = { resolution: BASH, cwd: scratch, spillDirectory, killGraceMs: 300 };
const leftovers: number[] = [];

afterEach(() => killQuietly(leftovers.splice(0)));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function pidsIn(text: string): number[] {
  return [...text.matchAll(/PID=(\d+)/g)].map((match) => Number(match[1]));
}

describe("runCommand: results", () => {
  it("reports stdout, stderr and a non-zero exit as a result", async () => {
    const result = await runCommand("echo out; echo err >&2; exit 7", base);
    expect(result).toMatchObject({
      stdout: "out\n",
      stderr: "err\n",
      exitCode: 7,
      signal: null,
      timedOut: false,
    });
    expect(result.totalBytes).toEqual({ stdout: 4, stderr: 4 });
  });

  it("reports a signal death", async () => {
    const result = await runCommand("kill -SEGV $$", base);
    expect(result).toMatchObject({ exitCode: null, signal: "SIGSEGV" });
  });

  it("runs with stdin closed and the scrubbed, non-interactive environment", async () => {
    const env = { PATH: process.env.PATH, HOME: scratch, MY_API_TOKEN: "secret", PAGER: "less", KEEP: "1" };
    const result = await runCommand(
      'cat; printf "%s|" "${MY_API_TOKEN-gone}" "$PAGER" "$GIT_PAGER" "$TERM" "$NO_COLOR" "$KEEP"',
      {
        ...base,
        env,
      },
    );
    expect(result.stdout).toBe("gone|cat|cat|dumb|1|1|");
  });

  it("resolves a relative workdir against the instance's cwd", async () => {
    const result = await runCommand("pwd", { ...base, workdir: "." });
    expect(pwdOutputs(scratch)).toContain(result.stdout);
  });

  it.each([
    ["bash", BASH],
    ["gitbash-style", GITBASH_STYLE],
  ] as const)("passes hostile command strings byte for byte (%s plan)", async (_name, resolution) => {
    for (const command of HOSTILE_COMMANDS) {
      const direct = await runCommand(command, base);
      const planned = await runCommand(command, { ...base, resolution });
      expect(planned.stdout).toBe(direct.stdout);
      expect(planned.stderr).toBe(direct.stderr);
      expect(planned.exitCode).toBe(direct.exitCode);
    }
    const sample = await runCommand(`printf '%s' "it's" ' $HOME ' 'back\\slash' '%PATH%' '!x' 'héllo 🎉'`, {
      ...base,
      resolution,
    });
    expect(sample.stdout).toBe("it's $HOME back\\slash%PATH%!xhéllo 🎉");
  });

  it("decodes UTF-8 split across chunk boundaries", async () => {
    const hex = Buffer.from("ab€🎉z").toString("hex");
    for (const split of [3, 4, 6]) {
      const result = await runCommand(`node ${FIXTURES}write-bytes.mjs ${hex} ${split}`, base);
      expect(result.stdout).toBe("ab€🎉z");
    }
  });

  it("withholds binary output and keeps NUL-delimited text", async () => {
    const binary = await runCommand(`head -c 4096 ${process.execPath}`, base);
    expect(binary.binaryWithheld).toBe(true);
    expect(binary.stdout).toMatch(/^\[binary output withheld: stdout contained 4096 bytes/);
    const nul = await runCommand("printf 'a\\0b\\0'", base);
    // Text, with each NUL made visible (the model's text carries no raw control bytes).
    expect(nul.stdout).toBe("a\\x00b\\x00");
    expect(nul.binaryWithheld).toBeUndefined();
  });
});

describe("runCommand: never hang, never leave a process behind", () => {
  it("returns at once for `sleep 300 &` and kills it (kill_background_children default)", async () => {
    const started = Date.now();
    const result = await runCommand("sleep 300 & echo PID=$!", base);
    // Far below the sleep's 300 s (it was not waited for), with room for a loaded machine.
    expect(Date.now() - started).toBeLessThan(30_000);
    const [pid] = pidsIn(result.stdout);
    leftovers.push(pid as number);
    expect(result.backgroundChildren).toEqual({ pids: [pid], killed: true });
    expect(await survivors([pid as number], 2000)).toEqual([]);
  });

  // setsid(1) exists on Linux only (not on macOS).
  it.skipIf(!hasSetsid)(
    "finds and kills a setsid grandchild that still holds the output pipe after the shell exited",
    async () => {
      const started = Date.now();
      const result = await runCommand("setsid sleep 300 & echo PID=$!", base);
      expect(Date.now() - started).toBeLessThan(30_000);
      const [pid] = pidsIn(result.stdout);
      leftovers.push(pid as number);
      expect(result.backgroundChildren).toEqual({ pids: [pid], killed: true });
      expect(await survivors([pid as number], 2000)).toEqual([]);
    },
  );

  it("leaves background children running when asked, and says so", async () => {
    const result = await runCommand("nohup sleep 300 >/dev/null 2>&1 & echo PID=$!", {
      ...base,
      killBackgroundChildren: false,
    });
    const [pid] = pidsIn(result.stdout);
    leftovers.push(pid as number);
    expect(result.backgroundChildren).toEqual({ pids: [pid], killed: false });
    expect(await survivors([pid as number], 0)).toEqual([pid]);
  });

  it("takes the deadline in seconds as timeoutSeconds (and still as the older timeout)", async () => {
    expect((await runCommand("true", { ...base, timeoutSeconds: 7 })).timeoutMs).toBe(7000);
    expect((await runCommand("true", { ...base, timeout: 8 })).timeoutMs).toBe(8000);
  });

  it("times out a TERM-trapping command that exits 0, and still says it timed out", async () => {
    const result = await runCommand(`bash ${FIXTURES}trap-exit-zero.sh`, { ...base, timeoutMs: 1000 });
    expect(result).toMatchObject({
      timedOut: true,
      exitCode: 0,
      signal: null,
      stdout: "started\n",
      timeoutMs: 1000,
    });
  });

  it.skipIf(!hasSetsid)("kills a TERM-ignoring tree with a setsid grandchild on timeout", async () => {
    const result = await runCommand(`echo PID=$$; bash ${FIXTURES}trap-tree.sh`, {
      ...base,
      timeoutMs: 1000,
    });
    expect(result.timedOut).toBe(true);
    const ready = /READY (\d+) (\d+)/.exec(result.stdout);
    const pids = [...pidsIn(result.stdout), Number(ready?.[1]), Number(ready?.[2])];
    leftovers.push(...pids);
    expect(pids.every((pid) => pid > 0)).toBe(true);
    expect(await survivors(pids, 0)).toEqual([]);
  });

  it("aborts with an AbortSignal, the same deadline machinery", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("user pressed stop")), 200);
    const result = await runCommand("echo PID=$$; sleep 30", { ...base, signal: controller.signal });
    expect(result).toMatchObject({ aborted: true, timedOut: false, signal: "SIGTERM" });
    expect(await survivors(pidsIn(result.stdout), 0)).toEqual([]);
  });

  it("keeps memory bounded for a flood and caps the spill file", async () => {
    const result = await runCommand("head -c 20000000 /dev/zero | tr '\\0' 'x' | fold -w 100", {
      ...base,
      maxOutputBytes: 10_000,
      spillMaxBytes: 1_000_000,
    });
    expect(result.totalBytes.stdout).toBe(20_199_999); // fold adds no final newline
    expect(result.truncated.stdout).toBe(true);
    const spill = result.spill.stdout as string;
    expect(statSync(spill).size).toBeLessThan(1_000_200);
    expect(statSync(spill).mode & 0o777).toBe(0o600);
    expect(readFileSync(spill, "utf8")).toContain("this copy stopped at 1000000 bytes");
    expect(Buffer.byteLength(result.stdout)).toBeLessThan(10_000);
  });
});

describe("runCommand: infrastructure failures are errors, and nothing runs", () => {
  it("a blocked command never spawns", async () => {
    const marker = path.join(scratch, "should-not-exist");
    const check = () => ({ allowed: false, profile: "strict" as const, rule: "test", reason: "no touching" });
    await expect(runCommand(`touch ${marker}`, { ...base, check })).rejects.toMatchObject({
      code: "blocked",
      message: "Command blocked by the safety gate (profile strict, rule test): no touching",
    });
    expect(existsSync(marker)).toBe(false);
  });

  it("a missing or non-directory cwd is a clear error", async () => {
    await expect(runCommand("true", { ...base, workdir: "/no/such/dir" })).rejects.toThrow(
      "working directory /no/such/dir does not exist",
    );
    await expect(runCommand("true", { ...base, workdir: process.execPath })).rejects.toThrow(
      "is not a directory",
    );
  });

  it("a missing shell is a spawn error naming it", async () => {
    const resolution = { ...BASH, path: "/no/such/bash" };
    await expect(runCommand("true", { ...base, resolution })).rejects.toMatchObject({ code: "spawn-failed" });
  });

  it("an already aborted signal refuses before spawning", async () => {
    const controller = new AbortController();
    controller.abort(new Error("gone"));
    await expect(runCommand("true", { ...base, signal: controller.signal })).rejects.toThrow(
      "command aborted before it started: gone",
    );
  });

  it("a timeout in milliseconds passed as seconds gets the hint", async () => {
    await expect(runCommand("true", { ...base, timeout: 30_000 })).rejects.toThrow(
      "It looks like you passed milliseconds; did you mean 30 seconds?",
    );
  });

  it("refuses beyond max_concurrent instead of queueing", async () => {
    const concurrency = createConcurrencyCounter(1);
    const first = runCommand("sleep 0.3", { ...base, concurrency });
    await expect(runCommand("true", { ...base, concurrency })).rejects.toBeInstanceOf(ExecutionError);
    await first;
    await expect(runCommand("true", { ...base, concurrency })).resolves.toMatchObject({ exitCode: 0 });
  });
});

describe("nativeWorkingDirectory", () => {
  it("resolves a Windows workdir given in the shell's spelling against the instance's directory", () => {
    const gitbash = { ...GITBASH_STYLE, platform: "win32" as const, path: "C:\\Git\\bin\\bash.exe" };
    expect(nativeWorkingDirectory({ resolution: gitbash, cwd: "C:\\proj", workdir: "/d/other" })).toBe(
      "D:\\other",
    );
    expect(nativeWorkingDirectory({ resolution: gitbash, cwd: "C:\\proj", workdir: "sub\\dir" })).toBe(
      "C:\\proj\\sub\\dir",
    );
    expect(nativeWorkingDirectory({ resolution: gitbash, cwd: "C:\\proj" })).toBe("C:\\proj");
    expect(nativeWorkingDirectory({ resolution: BASH, cwd: "/srv", workdir: "../x" })).toBe("/x");
  });

  it("puts Git Bash's /tmp in %TEMP%, ~ in $HOME and /usr under the Git root", () => {
    const gitbash = {
      ...GITBASH_STYLE,
      platform: "win32" as const,
      path: "C:\\Git\\bin\\bash.exe",
      root: "C:\\Git",
      home: "/c/Users/me",
      flavor: "git-for-windows" as const,
    };
    const env = { temp: "C:\\Users\\me\\AppData\\Local\\Temp" };
    const at = (workdir: string) =>
      nativeWorkingDirectory({ resolution: gitbash, cwd: "C:\\proj", workdir, env });
    expect(at("/tmp/build")).toBe("C:\\Users\\me\\AppData\\Local\\Temp\\build");
    expect(at("~/src")).toBe("C:\\Users\\me\\src");
    expect(at("/usr/share")).toBe("C:\\Git\\usr\\share");
  });
});
