import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { isAlive } from "../../../src/execution/sandbox/instance-temp.js";
import { sandboxTestsRun } from "./sandbox-guard.js";

const runs = await sandboxTestsRun();

function sleepers(token: string): string[] {
  const listed = spawnSync("pgrep", ["-f", `sleep ${token}`], { encoding: "utf8" }).stdout;
  return listed.split("\n").filter(Boolean);
}

async function until(check: () => boolean, ms = 20_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

describe.runIf(runs)("after shellgate is killed with SIGKILL (real)", () => {
  it("the library's relays, bubblewrap and the enclosed command do not stay on the host", async () => {
    const fixture = fileURLToPath(new URL("../../fixtures/sandbox/enclose-and-hang.ts", import.meta.url));
    const token = `91.${process.pid}`;
    const child = spawn(process.execPath, ["--import", "tsx", fixture, os.tmpdir(), token], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    const line = await new Promise<string>((resolve, reject) => {
      let text = "";
      child.stdout.on("data", (chunk: Buffer) => {
        text += chunk.toString();
        if (text.includes("\n")) resolve(text.split("\n")[0] ?? "");
      });
      child.on("exit", () => reject(new Error(`the fixture ended early: ${text}`)));
    });
    const { pids, sockets, temp } = JSON.parse(line) as { pids: number[]; sockets: string[]; temp: string };
    expect(pids.length).toBeGreaterThan(0);
    expect(await until(() => sleepers(token).length > 0)).toBe(true);
    child.kill("SIGKILL");
    expect(await until(() => pids.every((pid) => !isAlive(pid)))).toBe(true);
    expect(await until(() => sockets.every((socket) => !existsSync(socket)))).toBe(true);
    expect(await until(() => sleepers(token).length === 0)).toBe(true);
    // The next start removes what the killed one left in the temp directory.
    const later = fileURLToPath(new URL("../../fixtures/sandbox/run-and-exit.ts", import.meta.url));
    const next = spawnSync(process.execPath, ["--import", "tsx", later, os.tmpdir()], {
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(next.stdout).toContain("enclosed");
    expect(existsSync(temp)).toBe(false);
    expect(readdirSync(os.tmpdir()).filter((name) => name.startsWith(`srt-mux-${child.pid}-`))).toEqual([]);
  });
});
