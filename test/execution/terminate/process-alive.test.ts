import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { isGroupAlive, isProcessAlive } from "../../../src/execution/terminate/process-alive.js";

describe("signal-0 probes", () => {
  it("answer alive for this process and gone for a pid that exited", async () => {
    expect(isProcessAlive(process.pid)).toBe(true);
    const child = spawn(process.execPath, ["-e", "0"], { stdio: "ignore" });
    const pid = child.pid as number;
    // "close" comes after the exit has been reaped, so the pid no longer names a process.
    await once(child, "close");
    expect(isProcessAlive(pid)).toBe(false);
  });

  it.skipIf(process.platform === "win32")(
    "see a process group while a member lives, and not after",
    async () => {
      const child = spawn(process.execPath, ["-e", "process.stdin.resume()"], {
        stdio: ["pipe", "ignore", "ignore"],
        detached: true,
      });
      await once(child, "spawn");
      const pgid = child.pid as number;
      expect(isGroupAlive(pgid)).toBe(true);
      child.stdin?.end();
      await once(child, "close");
      expect(isGroupAlive(pgid)).toBe(false);
    },
  );
});
