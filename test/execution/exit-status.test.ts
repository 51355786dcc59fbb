import { describe, expect, it } from "vitest";
import { decodeExitStatus } from "../../src/execution/exit-status.js";
import type { RunResult } from "../../src/execution/run/run-result.js";
import { renderRunText } from "../../src/text/results/render-result.js";

describe("decodeExitStatus", () => {
  it("reads a Cygwin-family signal death (signal << 8) as the signal", () => {
    expect(decodeExitStatus("gitbash", "win32", { exitCode: 2304, signal: null })).toEqual({
      exitCode: null,
      signal: "SIGKILL",
    });
    expect(decodeExitStatus("cygwin", "win32", { exitCode: 15 << 8, signal: null }).signal).toBe("SIGTERM");
    // The core-dump flag does not hide the signal.
    expect(decodeExitStatus("gitbash", "win32", { exitCode: (11 | 0x80) << 8, signal: null }).signal).toBe(
      "SIGSEGV",
    );
  });

  it("keeps ordinary exit codes, native kinds and other platforms as they are", () => {
    const status = { exitCode: 2304, signal: null };
    expect(decodeExitStatus("gitbash", "win32", { exitCode: 1, signal: null })).toEqual({
      exitCode: 1,
      signal: null,
    });
    expect(decodeExitStatus("gitbash", "win32", { exitCode: 255, signal: null }).exitCode).toBe(255);
    expect(decodeExitStatus("gitbash", "win32", { exitCode: 2305, signal: null }).exitCode).toBe(2305);
    expect(decodeExitStatus("none", "win32", status)).toBe(status);
    expect(decodeExitStatus("wsl", "win32", status)).toBe(status);
    expect(decodeExitStatus("bash", "linux", status)).toBe(status);
    // An NTSTATUS-sized code (0xC0000005, access violation) is no wait status.
    expect(decodeExitStatus("gitbash", "win32", { exitCode: 0xc0000005, signal: null }).exitCode).toBe(
      0xc0000005,
    );
  });

  it("renders [killed by signal: SIGKILL], not [exit code: 2304]", () => {
    const decoded = decodeExitStatus("gitbash", "win32", { exitCode: 2304, signal: null });
    const result: RunResult = {
      stdout: "",
      stderr: "",
      ...decoded,
      timedOut: false,
      aborted: false,
      durationMs: 1,
      timeoutMs: 1000,
      truncated: { stdout: false, stderr: false },
      totalBytes: { stdout: 0, stderr: 0 },
      spill: {},
    };
    expect(renderRunText(result)).toBe("(no output)\n[killed by signal: SIGKILL]");
  });
});
