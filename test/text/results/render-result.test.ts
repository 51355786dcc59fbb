import { describe, expect, it } from "vitest";
import { cliExitCode, toSpecResult } from "../../../src/execution/run/run-result.js";
import { renderRunText } from "../../../src/text/results/render-result.js";
import { runResult } from "../../fixtures/run-result.js";

const result = runResult;

describe("renderRunText (dsh markers)", () => {
  it("prints stdout alone for a clean run", () => {
    expect(renderRunText(result({ stdout: "hi\n" }))).toBe("hi\n");
  });

  it("prints (no output) when both streams are empty", () => {
    expect(renderRunText(result({}))).toBe("(no output)");
  });

  it("puts stderr in a [stderr] section, adding a newline only when needed", () => {
    expect(renderRunText(result({ stdout: "a", stderr: "b\n" }))).toBe("a\n[stderr]\nb\n");
    expect(renderRunText(result({ stdout: "a\n", stderr: "b" }))).toBe("a\n[stderr]\nb");
    expect(renderRunText(result({ stderr: "b" }))).toBe("[stderr]\nb");
  });

  it("adds [exit code: N] for a non-zero exit and [killed by signal: X] instead for a signal", () => {
    expect(renderRunText(result({ stdout: "x", exitCode: 2 }))).toBe("x\n[exit code: 2]");
    expect(renderRunText(result({ exitCode: null, signal: "SIGKILL" }))).toBe(
      "(no output)\n[killed by signal: SIGKILL]",
    );
  });

  it("puts [timed out after Nms] first, even when the command exited 0", () => {
    expect(renderRunText(result({ timedOut: true, timeoutMs: 500 }))).toBe(
      "(no output)\n[timed out after 500ms]",
    );
    expect(renderRunText(result({ timedOut: true, timeoutMs: 500, exitCode: null, signal: "SIGTERM" }))).toBe(
      "(no output)\n[timed out after 500ms]\n[killed by signal: SIGTERM]",
    );
  });

  it("appends the truncation notice per cut stream, before the status markers", () => {
    const text = renderRunText(
      result({
        stdout: "head\n[...]\ntail\n",
        stderr: "e",
        exitCode: 1,
        truncated: { stdout: true, stderr: true },
        spill: { stdout: "/tmp/x/out.log", stderr: null },
      }),
    );
    expect(text).toBe(
      "head\n[...]\ntail\n[output truncated; full output: /tmp/x/out.log]\n[stderr]\ne\n[output truncated; full output: (unavailable)]\n[exit code: 1]",
    );
  });

  it("says a spill file is on the machine shellgate runs on when commands run in a remote target", () => {
    const cut = result({
      stdout: "tail\n",
      truncated: { stdout: true, stderr: false },
      spill: { stdout: "/tmp/x/out.log", stderr: null },
    });
    expect(renderRunText(cut, { spillOnHost: true })).toBe(
      "tail\n[output truncated; full output: /tmp/x/out.log (on the machine shellgate runs on, not in the target)]",
    );
  });

  it("says when background processes were killed or left running", () => {
    expect(
      renderRunText(result({ stdout: "ok\n", backgroundChildren: { pids: [12], killed: true } })),
    ).toContain("[background processes killed when the shell exited: 12;");
    expect(renderRunText(result({ backgroundChildren: { pids: [3, 4], killed: false } }))).toContain(
      "[background processes still running: 3, 4]",
    );
  });
});

describe("result shapes", () => {
  it("gives the reference's { stdout, stderr, returncode }", () => {
    expect(toSpecResult(result({ stdout: "a", stderr: "b", exitCode: 3 }))).toEqual({
      stdout: "a",
      stderr: "b",
      returncode: 3,
    });
    expect(toSpecResult(result({ exitCode: null, signal: "SIGKILL" })).returncode).toBe(-9);
  });

  it("maps to CLI exit codes: the command's, 124 on timeout, 128+N on a signal", () => {
    expect(cliExitCode(result({ exitCode: 5 }))).toBe(5);
    expect(cliExitCode(result({ timedOut: true, exitCode: 0 }))).toBe(124);
    expect(cliExitCode(result({ exitCode: null, signal: "SIGTERM" }))).toBe(143);
  });
});
