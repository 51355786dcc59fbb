import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import {
  fileAppears,
  finished,
  REPOSITORY,
  SHELLGATE_SOURCE,
  spawnShellgate,
} from "../../fixtures/cli/run-cli.js";
import { killQuietly, survivors } from "../../fixtures/exec/helpers.js";

// shellgate itself as a real process: what a person's Ctrl-C, `kill`, a closed terminal or
// `| head -1` does to it and to the command it runs.
const scratch = mkdtempSync(path.join(os.tmpdir(), "cli-signals-"));
const config = path.join(scratch, "config.json");
writeFileSync(config, JSON.stringify({ safety_profile: "unrestricted", spill_dir: scratch }));
const leftovers: number[] = [];
afterEach(() => killQuietly(leftovers.splice(0)));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("shellgate run under signals", () => {
  it.each([
    ["SIGINT", 130],
    ["SIGTERM", 143],
    ["SIGHUP", 129],
  ] as const)("%s stops the whole tree, prints what was collected and exits %i", async (signal, code) => {
    const ready = path.join(scratch, `${signal}.ready`);
    const child = spawnShellgate(
      ["run", "--config", config, `echo started; sleep 300 & echo SLEEP=$!; touch ${ready}; wait`],
      scratch,
    );
    const outcome = finished(child);
    await fileAppears(ready);
    child.kill(signal);
    const { code: exitCode, stdout, stderr } = await outcome;
    const sleeper = Number(/SLEEP=(\d+)/.exec(stdout)?.[1]);
    leftovers.push(sleeper);
    expect(stderr).toBe("");
    expect(exitCode).toBe(code);
    expect(stdout).toMatch(new RegExp(`^started\\nSLEEP=\\d+\\n\\[killed by signal: ${signal}\\]\\n$`));
    expect(await survivors([sleeper], 0)).toEqual([]);
  });

  it("--json says the run was interrupted and by what", async () => {
    const ready = path.join(scratch, "json.ready");
    const child = spawnShellgate(["run", "--json", "--config", config, `touch ${ready}; sleep 300`], scratch);
    const outcome = finished(child);
    await fileAppears(ready);
    child.kill("SIGTERM");
    const { code, stdout } = await outcome;
    expect(code).toBe(143);
    expect(JSON.parse(stdout)).toMatchObject({
      aborted: true,
      interruptedBy: "SIGTERM",
      exit: { code: 143, reason: "interrupted" },
    });
  });

  it("a closed stdout (| head -1) ends shellgate quietly: no EPIPE stack, exit 0 or 141", () => {
    const pipeline = `TMPDIR="${scratch}" "${process.execPath}" --import tsx "${SHELLGATE_SOURCE}" run --config "${config}" 'seq 1 100000' 2>"${scratch}/err" | head -1; echo "rc=\${PIPESTATUS[0]}"; cat "${scratch}/err"`;
    const result = spawnSync("bash", ["-c", pipeline], { cwd: REPOSITORY, encoding: "utf8" });
    expect(result.stdout).toMatch(/^1\nrc=(0|141)\n$/);
  });

  it("a reader that left before the spill file was named (| head -2) takes the file with it", () => {
    const spills = mkdtempSync(path.join(scratch, "spills-"));
    const spilling = path.join(spills, "config.json");
    writeFileSync(spilling, JSON.stringify({ safety_profile: "unrestricted", spill_dir: spills }));
    const pipeline = `"${process.execPath}" --import tsx "${SHELLGATE_SOURCE}" run --config "${spilling}" 'seq 1 300000' | head -2; echo "rc=\${PIPESTATUS[0]}"`;
    const result = spawnSync("bash", ["-c", pipeline], { cwd: REPOSITORY, encoding: "utf8" });
    expect(result.stdout).toBe("1\n2\nrc=141\n");
    const left = readdirSync(spills, { recursive: true, encoding: "utf8" }).filter((name) =>
      name.endsWith(".log"),
    );
    expect(left).toEqual([]);
    // Read to the end, the same run keeps the file its last line names.
    const whole = spawnSync("bash", ["-c", pipeline.replace("| head -2", "| tail -1")], {
      cwd: REPOSITORY,
      encoding: "utf8",
    });
    const named = /full output: (\S+)\]/.exec(whole.stdout)?.[1] ?? "";
    expect(readFileSync(named, "utf8")).toMatch(/^1\n2\n/);
  });
});

describe("kill -9 of shellgate run (nothing of shellgate runs to clean up)", () => {
  it("a command that writes dies of SIGPIPE; one that never writes survives, as the README says", async () => {
    const ready = path.join(scratch, "kill9.ready");
    const child = spawnShellgate(
      [
        "run",
        "--config",
        config,
        `sleep 300 & echo $! > ${ready}.sleeper; (while :; do echo tick; sleep 0.05; done) & echo $! > ${ready}.writer; touch ${ready}; wait`,
      ],
      scratch,
    );
    const outcome = finished(child);
    await fileAppears(ready);
    const sleeper = Number(readFileSync(`${ready}.sleeper`, "utf8"));
    const writer = Number(readFileSync(`${ready}.writer`, "utf8"));
    leftovers.push(sleeper, writer);
    child.kill("SIGKILL");
    expect((await outcome).signal).toBe("SIGKILL");
    expect(await survivors([writer], 5000)).toEqual([]);
    expect(await survivors([sleeper], 0)).toEqual([sleeper]);
  });
});
