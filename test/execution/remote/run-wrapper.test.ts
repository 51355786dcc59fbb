import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type ControlLine, ControlLineSplitter } from "../../../src/execution/remote/control-lines.js";
import { CWD_FAILED_STATUS, runWrapperScript } from "../../../src/execution/remote/run-wrapper.js";

const TOKEN = "feedc0de";
const busybox = spawnSync("busybox", ["true"]).status === 0;
const shells: [string, string[]][] = [["bash", ["bash", "--norc", "-c"]]];
if (busybox) shells.push(["busybox ash", ["busybox", "sh", "-c"]]);
const scratch = mkdtempSync(path.join(os.tmpdir(), "run-wrapper-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function run(shell: string[], command: string, input: Partial<Parameters<typeof runWrapperScript>[0]> = {}) {
  const script = runWrapperScript({ token: TOKEN, unset: [], exports: {}, ...input });
  const result = spawnSync(shell[0] as string, [...shell.slice(1), script, "sh", command], {
    encoding: "buffer",
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", KEEP: "kept", SECRET_TOKEN: "s3cret" },
  });
  const lines: ControlLine[] = [];
  const splitter = new ControlLineSplitter(TOKEN, (line) => lines.push(line));
  const stderr = Buffer.concat([splitter.push(result.stderr), splitter.flush()]).toString("utf8");
  return {
    status: result.status,
    signal: result.signal,
    stdout: result.stdout.toString("utf8"),
    stderr,
    lines,
  };
}

describe.runIf(process.platform === "linux").each(shells)("the run wrapper in %s", (_name, shell) => {
  it("runs the command as sh -c would: no positional parameters, its own exit status", () => {
    const result = run(shell, 'echo "$# [$1]"; exit 3');
    expect(result.stdout).toBe("0 []\n");
    expect(result.status).toBe(3);
    expect(result.lines.map((line) => line.kind)).toEqual(["pid", "end"]);
    expect(result.lines[1]).toEqual({ kind: "end", status: 3, jobs: [] });
  });

  it("enters the directory before it reports the pid, and reports a missing one instead", () => {
    expect(run(shell, "pwd", { cwd: scratch }).stdout).toBe(`${scratch}\n`);
    const missing = run(shell, "echo ran", { cwd: path.join(scratch, "nope") });
    expect(missing.stdout).toBe("");
    expect(missing.status).toBe(CWD_FAILED_STATUS);
    expect(missing.lines).toEqual([{ kind: "cwd" }]);
  });

  it("removes and sets variables, quoting any value", () => {
    const result = run(shell, 'echo "${SECRET_TOKEN-unset} $KEEP [$ODD]"', {
      unset: ["SECRET_TOKEN", "not-a-name"],
      exports: { ODD: 'a\'b "c" $x' },
    });
    expect(result.stdout).toBe(`unset kept [a'b "c" $x]\n`);
  });

  it("reports background jobs still known at the end, even after the command changed IFS", () => {
    const result = run(shell, "IFS=x; sleep 0.3 & sleep 0.3 & true");
    const end = result.lines.find((line) => line.kind === "end");
    expect(end).toMatchObject({ kind: "end", status: 0 });
    expect((end as { readonly jobs: readonly number[] }).jobs).toHaveLength(2);
  });

  it("reports nothing at the end when the command replaced the EXIT trap (the engine's status counts then)", () => {
    const result = run(shell, "trap 'echo mine' EXIT; exit 4");
    expect(result.stdout).toBe("mine\n");
    expect(result.status).toBe(4);
    expect(result.lines.map((line) => line.kind)).toEqual(["pid"]);
  });

  it("keeps no variable of its own for the command", () => {
    expect(run(shell, 'echo "[${__sg-}]"').stdout).toBe("[]\n");
  });

  it("refuses a token that could break its quoting", () => {
    expect(() => runWrapperScript({ token: "a'b", unset: [], exports: {} })).toThrow(/alphanumeric/);
  });
});
