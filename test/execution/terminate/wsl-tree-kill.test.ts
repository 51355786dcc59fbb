import { spawn, spawnSync } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import {
  COMMAND_VARIABLE,
  WSL_COMMAND_WRAPPER,
  wrapCommandText,
} from "../../../src/execution/spawn/command-wrapper.js";
import { isProcessAlive, waitUntilGone } from "../../../src/execution/terminate/process-alive.js";
import {
  planWslTreeKill,
  WSL_TREE_KILL_SCRIPT,
  wslTargetOf,
} from "../../../src/execution/terminate/wsl-tree-kill.js";

// A WSL distribution is Linux: the wrapper and the kill script run here as they would inside it.
const linux = process.platform === "linux";
const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // gone
    }
  }
});

/** Starts the WSL wrapper with a command that leaves children behind; resolves with their pids. */
function startWrapped(command: string, marker: string): Promise<{ wrapper: number; pids: number[] }> {
  const child = spawn("bash", ["-c", WSL_COMMAND_WRAPPER], {
    env: { ...process.env, [COMMAND_VARIABLE]: wrapCommandText(command), SHELLGATE_RUN: marker },
    stdio: ["ignore", "pipe", "inherit"],
  });
  started.push(child.pid as number);
  return new Promise((resolve, reject) => {
    let text = "";
    child.stdout.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      const match = /PIDS ([\d ]+)\n/.exec(text);
      if (match) {
        const pids = match[1]!.trim().split(/\s+/).map(Number);
        started.push(...pids);
        resolve({ wrapper: child.pid as number, pids });
      }
    });
    child.on("error", reject);
  });
}

describe.runIf(linux)("the WSL wrapper and the Linux-side tree kill", () => {
  it("keeps the command's exit status through setsid", () => {
    const result = spawnSync("bash", ["-c", WSL_COMMAND_WRAPPER], {
      env: { ...process.env, [COMMAND_VARIABLE]: wrapCommandText('echo "$SHELLGATE_COMMAND-unset"; exit 7') },
      encoding: "utf8",
    });
    expect(result.stdout).toBe("-unset\n");
    expect(result.status).toBe(7);
  });

  it("ends every marked process and the wrapper's group, and nothing unmarked", async () => {
    const marker = `test-${process.pid}-${Date.now()}`;
    const tree = await startWrapped(
      "sleep 300 & a=$!; (setsid sleep 300 & echo $! >/dev/null; wait) & b=$!; echo PIDS $$ $a $b; wait",
      marker,
    );
    const bystander = spawn("sleep", ["300"], { stdio: "ignore" });
    started.push(bystander.pid as number);

    const kill = planWslTreeKill({ wslPath: "wsl.exe" }, { name: "SHELLGATE_RUN", value: marker });
    // `--exec sh -c SCRIPT sh MARK`: what wsl.exe would run inside the distribution.
    const [program, ...rest] = kill.args.slice(kill.args.indexOf("--exec") + 1);
    const result = spawnSync(program as string, rest, { encoding: "utf8" });

    expect(result.status).toBe(0);
    expect(await waitUntilGone([tree.wrapper, ...tree.pids], 5000)).toBe(true);
    expect(isProcessAlive(bystander.pid as number)).toBe(true);
  });
});

describe("planWslTreeKill", () => {
  it("goes in through a second wsl.exe, into the run's distribution", () => {
    const target = wslTargetOf({
      shell: "wsl",
      file: "C:\\Windows\\System32\\wsl.exe",
      args: ["-d", "Ubuntu", "--cd", "C:\\work", "--exec", "bash", "-c", "x"],
    });
    expect(target).toEqual({ wslPath: "C:\\Windows\\System32\\wsl.exe", distro: "Ubuntu" });
    expect(planWslTreeKill(target!, { name: "SHELLGATE_RUN", value: "abc" })).toEqual({
      file: "C:\\Windows\\System32\\wsl.exe",
      args: ["-d", "Ubuntu", "--exec", "sh", "-c", WSL_TREE_KILL_SCRIPT, "sh", "SHELLGATE_RUN=abc"],
    });
    expect(wslTargetOf({ shell: "gitbash", file: "bash.exe", args: [] })).toBeUndefined();
  });
});
