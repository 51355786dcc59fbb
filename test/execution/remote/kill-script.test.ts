import { spawn, spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { type ControlLine, ControlLineSplitter } from "../../../src/execution/remote/control-lines.js";
import { killScript } from "../../../src/execution/remote/kill-script.js";
import { isProcessAlive } from "../../../src/execution/terminate/process-alive.js";

const TOKEN = "c0ffee11";

function report(shell: string[], script: string): Extract<ControlLine, { kind: "killed" }> {
  const result = spawnSync(shell[0] as string, [...shell.slice(1), script], { encoding: "buffer" });
  let line: ControlLine | undefined;
  new ControlLineSplitter(TOKEN, (parsed) => {
    line = parsed;
  }).push(result.stdout);
  expect(line?.kind).toBe("killed");
  return line as Extract<ControlLine, { kind: "killed" }>;
}

/** A tree as a run leaves it: a group leader, a child, a subshell's child, and a `setsid` escape. */
async function startTree(
  marker: string,
  leaderCommand: string,
): Promise<{ group: number; pids: () => number[] }> {
  const child = spawn(
    "bash",
    [
      "--norc",
      "-c",
      `sleep 300 & (sleep 301 &); setsid sleep 302 >/dev/null 2>&1 & echo ready; ${leaderCommand}`,
    ],
    { detached: true, stdio: ["ignore", "pipe", "ignore"], env: { ...process.env, SHELLGATE_RUN: marker } },
  );
  await new Promise<void>((resolve) => child.stdout.once("data", () => resolve()));
  const pids = () =>
    spawnSync("bash", ["-c", `grep -l -F SHELLGATE_RUN=${marker} /proc/[0-9]*/environ 2>/dev/null`], {
      encoding: "utf8",
    })
      .stdout.split("\n")
      .filter(Boolean)
      .map((file) => Number(file.split("/")[2]));
  // The escape and the subshell's child may still be starting.
  for (let tries = 0; pids().length < 4 && tries < 100; tries += 1)
    await new Promise((r) => setTimeout(r, 20));
  return { group: child.pid as number, pids };
}

const shells: string[][] = [["bash", "--norc", "-c"]];
if (spawnSync("busybox", ["true"]).status === 0) shells.push(["busybox", "sh", "-c"]);

describe.runIf(process.platform === "linux").each(shells.map((shell) => [shell.join(" "), shell]))(
  "the in-target group kill under %s",
  (_name, shell) => {
    it("ends the group and every process carrying the marker, a setsid escape included", async () => {
      const marker = `kill-${Math.random().toString(36).slice(2)}`;
      const tree = await startTree(marker, "sleep 303");
      const before = tree.pids();
      const line = report(
        shell as string[],
        killScript({
          token: TOKEN,
          processGroup: tree.group,
          markers: [`SHELLGATE_RUN=${marker}`],
          graceMs: 2000,
          killWaitMs: 5000,
        }),
      );
      expect(line.found).toEqual(expect.arrayContaining(before));
      expect(line.forced).toBe(false);
      expect(line.survivors).toEqual([]);
      expect(before.filter(isProcessAlive)).toEqual([]);
    });

    it("kills what ignores SIGTERM after the grace, and says it had to", async () => {
      const marker = `stubborn-${Math.random().toString(36).slice(2)}`;
      const tree = await startTree(marker, "trap '' TERM; sleep 303");
      const line = report(
        shell as string[],
        killScript({
          token: TOKEN,
          processGroup: tree.group,
          markers: [`SHELLGATE_RUN=${marker}`],
          graceMs: 200,
          killWaitMs: 5000,
        }),
      );
      expect(line.forced).toBe(true);
      expect(line.survivors).toEqual([]);
      expect(tree.pids().filter(isProcessAlive)).toEqual([]);
    });

    it("only lists in list mode", async () => {
      const marker = `list-${Math.random().toString(36).slice(2)}`;
      const tree = await startTree(marker, "sleep 303");
      const script = (listOnly: boolean) =>
        killScript({
          token: TOKEN,
          processGroup: tree.group,
          markers: [`SHELLGATE_RUN=${marker}`],
          graceMs: 200,
          killWaitMs: 5000,
          listOnly,
        });
      const listed = report(shell as string[], script(true));
      expect(listed.found).toEqual(expect.arrayContaining(tree.pids()));
      expect(tree.pids().every(isProcessAlive)).toBe(true);
      report(shell as string[], script(false));
    });
  },
);
