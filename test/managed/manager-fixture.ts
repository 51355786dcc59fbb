import { managedSettingsFromConfig } from "../../src/api/config-options.js";
import { configSchema, type ShellgateConfigInput } from "../../src/config/schema.js";
import { isProcessAlive } from "../../src/execution/terminate/process-alive.js";
import { createProcessManager, type ProcessManager } from "../../src/managed/process-manager.js";
import type { ProcessManagerOptions } from "../../src/managed/process-manager-options.js";
import type { Verdict } from "../../src/safety/verdict.js";

/** Everything is allowed unless a test passes its own gate; managed tests are not about the gate. */
export function allowEverything(command: string): Verdict {
  return { allowed: true, profile: "unrestricted", command };
}

const open: ProcessManager[] = [];

export function createTestManager(
  config: ShellgateConfigInput = {},
  options: Partial<ProcessManagerOptions> = {},
): ProcessManager {
  const manager = createProcessManager({
    ...managedSettingsFromConfig(
      configSchema.parse({ managed_processes: true, kill_grace_ms: 300, ...config }),
    ),
    check: allowEverything,
    ...options,
  });
  open.push(manager);
  return manager;
}

/** Closes every manager a test created, so no test leaves processes behind. */
export async function closeTestManagers(): Promise<void> {
  await Promise.all(open.splice(0).map((manager) => manager.close()));
}

/** Alive and not a zombie waiting for a slow init to reap it. */
export function isAlive(pid: number): boolean {
  return isProcessAlive(pid);
}

/** Polls (no event exists for "some unrelated pid is gone") until the pids are gone or the deadline passes. */
export async function waitUntilGone(pids: readonly number[], deadlineMs = 5000): Promise<number[]> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const alive = pids.filter(isAlive);
    if (alive.length === 0 || Date.now() > until) return alive;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Reads every retained chunk's text from cursor 0. */
export async function allText(manager: ProcessManager, processId: string): Promise<string> {
  let cursor = 0;
  let text = "";
  for (;;) {
    const page = await manager.read({ process_id: processId, cursor, max_bytes: 100_000 });
    text += page.chunks.map((chunk) => chunk.text).join("");
    if (!page.has_more) return text;
    cursor = page.next_cursor;
  }
}

const FINAL = new Set(["completed", "failed", "cancelled", "outcome_unknown"]);

/** Waits (event-driven, through the wait action) until the process reached a final state. */
export async function waitForFinal(manager: ProcessManager, processId: string, deadlineMs = 20_000) {
  const until = Date.now() + deadlineMs;
  let page = await manager.wait({ process_id: processId, cursor: 0, wait_ms: 0 });
  while (!FINAL.has(page.state)) {
    if (Date.now() > until)
      throw new Error(`process ${processId} still ${page.state} after ${deadlineMs} ms`);
    page = await manager.wait({ process_id: processId, cursor: page.latest_cursor, wait_ms: 60_000 });
  }
  return page;
}

/** Waits until the retained text contains `needle`. */
export async function waitForText(
  manager: ProcessManager,
  processId: string,
  needle: string,
  deadlineMs = 10_000,
) {
  const until = Date.now() + deadlineMs;
  let cursor = 0;
  for (;;) {
    const text = await allText(manager, processId);
    if (text.includes(needle)) return text;
    const page = await manager.wait({
      process_id: processId,
      cursor,
      wait_ms: Math.max(1, until - Date.now()),
    });
    if (Date.now() > until || (FINAL.has(page.state) && !page.has_more && page.chunks.length === 0)) {
      throw new Error(
        `"${needle}" did not appear; output so far: ${JSON.stringify(await allText(manager, processId))}`,
      );
    }
    cursor = page.next_cursor;
  }
}
