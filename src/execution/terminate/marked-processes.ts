import { execFile } from "node:child_process";
import { findByEnvironmentMarker } from "./read-process-table.js";

/**
 * Pids whose `ps -E` line (macOS: the command followed by the environment it was started with)
 * holds `name=value` as a whole word. Pure, so the parsing is tested on any host.
 */
export function markedPidsFromPsOutput(text: string, name: string, value: string, self: number): number[] {
  const needle = `${name}=${value}`;
  const pids: number[] = [];
  for (const line of text.split("\n")) {
    const match = /^\s*(\d+)\s+(.*)$/.exec(line);
    if (!match) continue;
    const pid = Number(match[1]);
    const rest = match[2] as string;
    const at = rest.indexOf(needle);
    const after = rest.charAt(at + needle.length);
    if (at > 0 && rest.charAt(at - 1) === " " && (after === "" || after === " ") && pid !== self) {
      pids.push(pid);
    }
  }
  return pids;
}

function psEnvironment(): Promise<string> {
  return new Promise((resolve) => {
    execFile(
      "ps",
      ["-E", "-ww", "-A", "-o", "pid=,command="],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, stdout) => resolve(error ? "" : stdout),
    );
  });
}

/**
 * Every process of this user that carries the marker: `/proc/<pid>/environ` on Linux, `ps -E -ww`
 * on macOS (which shows the environment a process started with, for this user's processes only).
 * Other platforms: none (Windows has Job Objects instead).
 */
export async function findMarkedProcesses(
  name: string,
  value: string,
  platform: NodeJS.Platform = process.platform,
): Promise<number[]> {
  if (platform === "linux") return findByEnvironmentMarker(name, value);
  if (platform === "darwin") return markedPidsFromPsOutput(await psEnvironment(), name, value, process.pid);
  return [];
}
