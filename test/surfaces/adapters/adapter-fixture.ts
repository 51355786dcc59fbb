// What the three framework adapter tests share: an instance in a scratch directory, the texts
// shellgate itself gives for the same inputs, and a command that leaves a child to be killed.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach } from "vitest";
import { createShellgate, type Shellgate, type ToolDefinition } from "../../../src/index.js";
import { pollUntil } from "../../support/process-probe.js";

export interface AdapterFixture {
  directory: string;
  shellgate: Shellgate;
}

/** A fresh strict-profile instance per test, closed (and its trees killed) afterwards. */
export function useAdapterFixture(): AdapterFixture {
  const fixture = {} as AdapterFixture;
  beforeEach(async () => {
    fixture.directory = await mkdtemp(path.join(tmpdir(), "shellgate-adapter-"));
    fixture.shellgate = await createShellgate({ working_dir: fixture.directory, managed_processes: true });
  });
  afterEach(async () => {
    await fixture.shellgate.close();
    await rm(fixture.directory, { recursive: true, force: true });
  });
  return fixture;
}

export const RUNS = { command: "echo adapted", description: "Say adapted" };
export const BLOCKED = { command: "sudo reboot", description: "Reboot" };
export const INVALID = { command: "ls" };

/** The text shellgate's own `bash` tool gives for an input: what every adapter must pass on unchanged. */
export async function shellgateText(shellgate: Shellgate, input: unknown): Promise<string> {
  const bash = shellgate.tools().find((tool: ToolDefinition) => tool.name === "bash")!;
  return (await bash.execute(input)).text;
}

/** A command whose background child records its pid and outlives the shell unless the tree is killed. */
export function treeCommand(directory: string): { input: typeof RUNS; childPid: () => Promise<number> } {
  const pidFile = path.join(directory, "child.pid");
  return {
    input: { command: `sleep 30 & echo $! > '${pidFile}'; wait`, description: "Wait on a child" },
    childPid: async () => Number(await pollUntil(() => readFile(pidFile, "utf8").catch(() => ""), /^\d+\n/)),
  };
}
