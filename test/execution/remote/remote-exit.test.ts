import { describe, expect, it } from "vitest";
import { remoteExit } from "../../../src/execution/remote/remote-exit.js";

const lostText = (message: string) => `lost: ${message}`;
const exited = (exitCode: number | null, signal: NodeJS.Signals | null = null) =>
  ({ kind: "exited", exitCode, signal }) as const;
const end = (status: number) => ({ kind: "end", status, jobs: [] }) as const;

describe("remoteExit", () => {
  it("keeps a signal the engine reports apart (SSH)", () => {
    expect(remoteExit(exited(null, "SIGTERM"), undefined, { lostText })).toEqual({
      code: null,
      signal: "SIGTERM",
    });
  });

  it("reads 128+N as the signal when the shell reported no end (busybox ash killed, or an exec)", () => {
    expect(remoteExit(exited(143), undefined, { lostText })).toEqual({ code: null, signal: "SIGTERM" });
    expect(remoteExit(exited(137), undefined, { lostText })).toEqual({ code: null, signal: "SIGKILL" });
  });

  it("reads 128+N as the signal when the end line reported another status (bash's trap on a signal)", () => {
    expect(remoteExit(exited(130), end(0), { lostText })).toEqual({ code: null, signal: "SIGINT" });
  });

  it("keeps 128+N as an exit code when the shell exited with it itself", () => {
    expect(remoteExit(exited(143), end(143), { lostText })).toEqual({ code: 143, signal: null });
  });

  it("reads shellgate's own signals as signals after its group kill, whatever the end line says", () => {
    expect(remoteExit(exited(143), end(143), { lostText, sent: ["SIGTERM", "SIGKILL"] })).toEqual({
      code: null,
      signal: "SIGTERM",
    });
    // A status no signal of ours explains stays what the shell said.
    expect(remoteExit(exited(130), end(130), { lostText, sent: ["SIGTERM", "SIGKILL"] })).toEqual({
      code: 130,
      signal: null,
    });
  });

  it("keeps ordinary codes, and codes past the signal table", () => {
    expect(remoteExit(exited(3), end(3), { lostText })).toEqual({ code: 3, signal: null });
    expect(remoteExit(exited(128), undefined, { lostText })).toEqual({ code: 128, signal: null });
    expect(remoteExit(exited(200), undefined, { lostText })).toEqual({ code: 200, signal: null });
  });

  it("falls back to the end line's status when the engine has none", () => {
    expect(remoteExit(exited(null), end(4), { lostText })).toEqual({ code: 4, signal: null });
    expect(remoteExit({ kind: "lost", message: "gone" }, end(0), { lostText })).toEqual({
      code: 0,
      signal: null,
    });
  });

  it("says the run was lost when neither the engine nor the wrapper told how it ended", () => {
    expect(remoteExit({ kind: "lost", message: "the container went away" }, undefined, { lostText })).toEqual(
      {
        code: null,
        signal: null,
        lost: "lost: the container went away",
      },
    );
  });
});
