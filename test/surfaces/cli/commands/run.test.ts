import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { main } from "../../../../src/surfaces/cli/main.js";
import { fileAppears } from "../../../fixtures/cli/run-cli.js";
import { survivors } from "../../../fixtures/exec/helpers.js";
import { fakeIo } from "../../../support/fake-io.js";
import { onWindows, pwdOutputs, skipUnderWine } from "../../../support/platform.js";

const scratch = mkdtempSync(path.join(os.tmpdir(), "cli-run-"));
const config = path.join(scratch, "unrestricted.json");
writeFileSync(config, JSON.stringify({ safety_profile: "unrestricted", spill_dir: scratch }));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const io = () => fakeIo(scratch);

describe("shellgate run", () => {
  // Every test here starts the real shell (even a refusal resolves it first); Wine has none.
  beforeEach((context) => skipUnderWine(context, "no-git-bash"));

  it("prints the model text and exits with the command's code", async () => {
    const cli = io();
    expect(await main(["run", "--config", config, "--", "echo hi; exit 3"], cli)).toBe(3);
    expect(cli.out()).toBe("hi\n[exit code: 3]\n");
  });

  it("exits 124 on timeout", async () => {
    const timed = io();
    expect(await main(["run", "--config", config, "--timeout", "1", "sleep 5"], timed)).toBe(124);
    expect(timed.out()).toContain("[timed out after 1000ms]");
  });

  it("exits 128+N when the shell dies by a signal", async () => {
    expect(await main(["run", "--config", config, "kill -KILL $$"], io())).toBe(137);
  });

  it("prints the structured result with --json and honours --cwd", async () => {
    const cli = io();
    expect(await main(["run", "--config", config, "--json", "--cwd", os.tmpdir(), "pwd"], cli)).toBe(0);
    const result = JSON.parse(cli.out()) as { stdout: string };
    expect(pwdOutputs(os.tmpdir())).toContain(result.stdout);
    expect(result).toMatchObject({
      exitCode: 0,
      timedOut: false,
      truncated: { stdout: false },
    });
  });

  it("rejects a millisecond-looking timeout with the hint, as a usage error", async () => {
    const cli = io();
    expect(await main(["run", "--config", config, "--timeout", "5000", "true"], cli)).toBe(64);
    expect(cli.err()).toContain("did you mean 5 seconds?");
  });

  it("never suggests an out-of-range --timeout, and points long values at --background", async () => {
    const cli = io();
    expect(await main(["run", "--config", config, "--timeout", "1000000000000", "true"], cli)).toBe(64);
    expect(cli.err()).toBe(
      "shellgate run: --timeout must be between 1 and 3600 seconds, got 1000000000000. For longer work use --background.\n",
    );
  });

  it("starts --background work detached, with its output in a private log", async () => {
    const cli = io();
    expect(
      await main(["run", "--config", config, "--background", "--json", "echo bg; echo PID=$$"], cli),
    ).toBe(0);
    const started = JSON.parse(cli.out()) as { pid: number; logPath: string };
    expect(await survivors([started.pid], 5000)).toEqual([]);
    // In Git Bash $$ is a Cygwin pid, never the Windows pid that was reported.
    const log = readFileSync(started.logPath, "utf8");
    if (onWindows) expect(log).toMatch(/^bg\nPID=\d+\n$/);
    else expect(log).toBe(`bg\nPID=${started.pid}\n`);
  });

  it("reports infrastructure failures on stderr with exit 69 (EX_UNAVAILABLE)", async () => {
    const cli = io();
    expect(await main(["run", "--config", config, "--cwd", "/no/such/place", "true"], cli)).toBe(69);
    // On Windows the message names where the shell's /no/such/place landed (under the Git root).
    expect(cli.err()).toMatch(/working directory .*no[\\/]such[\\/]place\)? does not exist/);
  });

  it("a command the default (strict) profile blocks never runs", async () => {
    const cli = io();
    expect(await main(["run", `sudo touch ${scratch}/made-by-sudo`], cli)).toBe(77);
    expect(cli.err()).toContain("Command blocked by the safety gate (profile strict");
    expect(existsSync(`${scratch}/made-by-sudo`)).toBe(false);
  });

  it("needs a command", async () => {
    expect(await main(["run", "--config", config], io())).toBe(64);
  });

  it("keeps the command's own exit 2 apart from an input error, and --json always says which", async () => {
    const command = io();
    expect(await main(["run", "--json", "--config", config, "exit 2"], command)).toBe(2);
    expect(JSON.parse(command.out())).toMatchObject({ exitCode: 2, exit: { code: 2, reason: "command" } });
    const input = io();
    expect(await main(["run", "--json", "--config", config, "--frobnicate", "true"], input)).toBe(64);
    expect(JSON.parse(input.out())).toMatchObject({
      error: "input-error",
      exit: { code: 64, reason: "input-error" },
    });
    expect(input.err()).toMatch(/^shellgate run: /);
    const blocked = io();
    expect(await main(["run", "--json", "sudo true"], blocked)).toBe(77);
    expect(JSON.parse(blocked.out())).toMatchObject({
      error: "blocked",
      exit: { code: 77, reason: "blocked" },
    });
    const timedOut = io();
    expect(await main(["run", "--json", "--config", config, "--timeout", "1", "sleep 5"], timedOut)).toBe(
      124,
    );
    expect(JSON.parse(timedOut.out())).toMatchObject({ exit: { code: 124, reason: "timeout" } });
  });

  it("refuses --timeout with --background instead of silently ignoring it", async () => {
    const cli = io();
    expect(await main(["run", "--config", config, "--background", "--timeout", "5", "sleep 1"], cli)).toBe(
      64,
    );
    expect(cli.err()).toBe(
      "shellgate run: --timeout does not apply to --background: the work is detached and outlives shellgate, so nothing would enforce it; drop --timeout, or limit the command itself (timeout 60 make test)\n",
    );
    expect(cli.out()).toBe("");
  });

  it("run - drops a UTF-8 byte-order mark and turns CRLF into LF, as Notepad and PowerShell write them", async () => {
    const cli = io();
    cli.input.end(Buffer.from("\uFEFFecho one\r\nprintf '[%s]\\n' two\r\n", "utf8"));
    expect(await main(["run", "--config", config, "-"], cli)).toBe(0);
    expect(cli.out()).toBe("one\n[two]\n");
  });

  it("refuses several words instead of joining them, with the quoted form to type", async () => {
    const cli = io();
    expect(await main(["run", "--config", config, "ls", "extra", "args"], cli)).toBe(64);
    expect(cli.err()).toBe(
      "shellgate run: run takes the command as one argument, got 3 words; quote it: shellgate run 'ls extra args' (or pipe it to shellgate run -)\n",
    );
    expect(cli.out()).toBe("");
    expect(await main(["run", "--config", config, "--", "echo", "it's"], io())).toBe(64);
  });

  it.each(["0x10", "1e3", "0b11", " 5", "5s", "+5", ""])(
    "refuses --timeout %j: decimal seconds only",
    async (value) => {
      const cli = io();
      expect(await main(["run", "--config", config, "--timeout", value, "true"], cli)).toBe(64);
      expect(cli.err()).toBe(
        `shellgate run: --timeout must be a decimal number of seconds (such as 30 or 2.5), got '${value}'\n`,
      );
    },
  );

  it("takes a decimal --timeout with a fraction", async () => {
    expect(await main(["run", "--config", config, "--timeout", "2.5", "true"], io())).toBe(0);
  });

  it("--background records the exit status where a later call and doctor read it", async () => {
    const cli = io();
    expect(await main(["run", "--config", config, "--background", "--json", "echo bg; exit 3"], cli)).toBe(0);
    const started = JSON.parse(cli.out()) as { pid: number; logPath: string; statusPath: string };
    expect(path.dirname(started.statusPath)).toBe(path.dirname(started.logPath));
    await fileAppears(started.statusPath);
    expect(await survivors([started.pid], 10_000)).toEqual([]);
    expect(readFileSync(started.statusPath, "utf8")).toBe("3\n");
    const doctor = io();
    expect(await main(["doctor", "--json", "--config", config], doctor)).toBe(0);
    const report = JSON.parse(doctor.out()) as {
      background: { pid: number; state: string; exitCode: number }[];
    };
    expect(report.background).toContainEqual(
      expect.objectContaining({ pid: started.pid, command: "echo bg; exit 3", state: "exited", exitCode: 3 }),
    );
    const text = io();
    expect(await main(["doctor", "--config", config], text)).toBe(0);
    expect(text.out()).toContain(`pid ${started.pid}, started `);
    expect(text.out()).toMatch(new RegExp(`pid ${started.pid}, started \\S+: exited 3 at `));
  });

  it("reads the command from stdin with run -, quoting and all", async () => {
    const cli = io();
    cli.input.end("printf '%s\\n' \"it's quoted\" | tr a-z A-Z\n");
    expect(await main(["run", "--config", config, "-"], cli)).toBe(0);
    expect(cli.out()).toBe("IT'S QUOTED\n");
  });

  it("on a terminal, shows output as it arrives and the markers at the end", async () => {
    const cli = io();
    Object.assign(cli.stdout, { isTTY: true });
    const go = path.join(scratch, "go");
    const command = `echo first; echo oops >&2; while [ ! -e '${go}' ]; do sleep 0.05; done; echo second; exit 3`;
    const running = main(["run", "--config", config, "--", command], cli);
    // The first line is on the terminal while the command still waits for the file.
    await new Promise<void>((resolve) => {
      const check = () => (cli.out().includes("first") ? resolve() : cli.stdout.once("data", check));
      check();
    });
    expect(cli.out()).toBe("first\n");
    writeFileSync(go, "");
    expect(await running).toBe(3);
    expect(cli.out()).toBe("first\nsecond\n[exit code: 3]\n");
    expect(cli.err()).toBe("oops\n");
  });
});

describe("shellgate run --executor", () => {
  it("exits 69 with one sentence for a shorthand it cannot read, a bad executor config, or one that cannot start", async () => {
    const bad = io();
    expect(await main(["run", "--executor", "podman:app", "true"], bad)).toBe(69);
    expect(bad.err()).toBe(
      "shellgate run: --executor must be docker:NAME, ssh://user@host[:port], k8s://namespace/pod[/container] or local, got 'podman:app'\n",
    );
    const file = path.join(scratch, "bad-executor.json");
    writeFileSync(file, JSON.stringify({ executor: { kind: "docker" } }));
    const config = io();
    expect(await main(["run", "--config", file, "true"], config)).toBe(69);
    expect(config.err()).toContain("config key 'executor' needs exactly one of 'container'");
    const json = io();
    expect(await main(["run", "--json", "--executor", "ssh://u@h:99999", "true"], json)).toBe(69);
    expect(JSON.parse(json.out())).toMatchObject({
      error: "executor-unavailable",
      exit: { code: 69, reason: "not-started" },
    });
  });
});
