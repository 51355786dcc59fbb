import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../../../src/surfaces/cli/main.js";
import { survivors } from "../../fixtures/exec/helpers.js";
import { fakeIo } from "../../support/fake-io.js";

const scratch = mkdtempSync(path.join(os.tmpdir(), "cli-run-"));
const config = path.join(scratch, "unrestricted.json");
writeFileSync(config, JSON.stringify({ safety_profile: "unrestricted", spill_dir: scratch }));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const io = () => fakeIo(scratch);

describe("shellgate run", () => {
  it("prints the model text and exits with the command's code", async () => {
    const cli = io();
    expect(await main(["run", "--config", config, "--", "echo hi; exit 3"], cli)).toBe(3);
    expect(cli.out()).toBe("hi\n[exit code: 3]\n");
  });

  it("exits 124 on timeout and 128+N on a signal", async () => {
    const timed = io();
    expect(await main(["run", "--config", config, "--timeout", "1", "sleep 5"], timed)).toBe(124);
    expect(timed.out()).toContain("[timed out after 1000ms]");
    expect(await main(["run", "--config", config, "kill -KILL $$"], io())).toBe(137);
  });

  it("prints the structured result with --json and honours --cwd", async () => {
    const cli = io();
    expect(await main(["run", "--config", config, "--json", "--cwd", "/", "pwd"], cli)).toBe(0);
    expect(JSON.parse(cli.out())).toMatchObject({
      stdout: "/\n",
      exitCode: 0,
      timedOut: false,
      truncated: { stdout: false },
    });
  });

  it("rejects a millisecond-looking timeout with the hint, as a usage error", async () => {
    const cli = io();
    expect(await main(["run", "--config", config, "--timeout", "5000", "true"], cli)).toBe(2);
    expect(cli.err()).toContain("did you mean 5 seconds?");
  });

  it("starts --background work detached, with its output in a private log", async () => {
    const cli = io();
    expect(
      await main(["run", "--config", config, "--background", "--json", "echo bg; echo PID=$$"], cli),
    ).toBe(0);
    const started = JSON.parse(cli.out()) as { pid: number; logPath: string };
    expect(await survivors([started.pid], 5000)).toEqual([]);
    expect(readFileSync(started.logPath, "utf8")).toBe(`bg\nPID=${started.pid}\n`);
  });

  it("reports infrastructure failures on stderr with exit 1", async () => {
    const cli = io();
    expect(await main(["run", "--config", config, "--cwd", "/no/such/place", "true"], cli)).toBe(1);
    expect(cli.err()).toContain("working directory /no/such/place does not exist");
  });

  it("a command the default (strict) profile blocks never runs", async () => {
    const cli = io();
    expect(await main(["run", `sudo touch ${scratch}/made-by-sudo`], cli)).toBe(1);
    expect(cli.err()).toContain("Command blocked by the safety gate (profile strict");
    expect(existsSync(`${scratch}/made-by-sudo`)).toBe(false);
  });

  it("needs a command", async () => {
    expect(await main(["run", "--config", config], io())).toBe(2);
  });
});
