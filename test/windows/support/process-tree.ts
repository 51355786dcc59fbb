import { type ChildProcess, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { isProcessAlive, waitUntilGone } from "../../../src/execution/terminate/process-alive.js";

/**
 * libuv puts every child of a node process in a kill-on-close job object, so a plain node → node chain
 * dies with its root and proves nothing about tree termination. Each level here starts the next one
 * `detached`, outside that job, like a child of Git Bash or cmd.exe: only a real tree kill ends it.
 *
 * A script that starts a chain of `depth` node processes (this one included), each keeping itself
 * alive, and makes the root print `READY <pid> <pid> …` once every level is running.
 */
const TREE_SCRIPT = `
import { spawn } from "node:child_process";
const depth = Number(process.argv[2]);
setInterval(() => {}, 1000);
if (depth <= 1) {
  process.stdout.write("READY " + process.pid + "\\n");
} else {
  const child = spawn(process.execPath, [process.argv[1], String(depth - 1)], { stdio: ["ignore", "pipe", "inherit"], detached: true, windowsHide: true });
  let text = "";
  child.stdout.on("data", (chunk) => {
    text += chunk;
    if (text.includes("\\n")) process.stdout.write(text.replace("READY", "READY " + process.pid));
  });
}
`;

export interface RunningTree {
  readonly root: ChildProcess;
  /** Every pid of the chain, root first. */
  readonly pids: readonly number[];
}

/** Writes the chain script into `directory`; run it as `node tree.mjs <depth>`. */
export function writeTreeScript(directory: string): string {
  const script = join(directory, "tree.mjs");
  writeFileSync(script, TREE_SCRIPT);
  return script;
}

/** Starts a node → node → node chain (for `depth` 3) and resolves once every level runs. */
export function startNodeTree(directory: string, depth: number): Promise<RunningTree> {
  const script = writeTreeScript(directory);
  const root = spawn(process.execPath, [script, String(depth)], {
    stdio: ["ignore", "pipe", "inherit"],
    windowsHide: true,
  });
  return new Promise((resolve, reject) => {
    let text = "";
    root.stdout?.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      const match = /READY([\d ]+)\n/.exec(text);
      if (match) resolve({ root, pids: match[1]!.trim().split(/\s+/).map(Number) });
    });
    root.on("error", reject);
    root.on("exit", (code) =>
      reject(new Error(`the tree's root exited (${code}) before it was ready: ${text}`)),
    );
  });
}

/** The pids still alive once they had `deadlineMs` to go. */
export async function stillAlive(pids: readonly number[], deadlineMs = 5000): Promise<number[]> {
  await waitUntilGone(pids, deadlineMs);
  return pids.filter(isProcessAlive);
}

/** Last-resort cleanup by pid, so a failing test leaves nothing running. */
export function killEach(pids: readonly number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid);
    } catch {
      // already gone
    }
  }
}
