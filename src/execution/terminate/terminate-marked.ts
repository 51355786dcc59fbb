import { findMarkedProcesses } from "./marked-processes.js";
import { isProcessAlive, waitUntilGone } from "./process-alive.js";

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

/**
 * Ends every process that carries `marker` — what `close()` owes: a `setsid cmd &` that closed its
 * pipes and left the group is no longer in any tree, but it still inherited the marker. SIGTERM,
 * `graceMs`, then SIGKILL; resolves to the pids that were found.
 */
export async function terminateMarked(
  marker: { readonly name: string; readonly value: string },
  options: { readonly graceMs: number; readonly platform?: NodeJS.Platform },
): Promise<number[]> {
  const pids = await findMarkedProcesses(marker.name, marker.value, options.platform);
  if (pids.length === 0) return [];
  for (const pid of pids) signal(pid, "SIGTERM");
  if (!(await waitUntilGone(pids, options.graceMs))) {
    for (const pid of pids.filter(isProcessAlive)) signal(pid, "SIGKILL");
    await waitUntilGone(pids, 2000);
  }
  return pids;
}
