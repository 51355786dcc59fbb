import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createShellgate } from "../../src/api/create-shellgate.js";
import type { Shellgate } from "../../src/api/shellgate.js";
import type { ShellgateConfigInput } from "../../src/config/schema.js";
import { createMcpServer } from "../../src/surfaces/mcp/create-mcp-server.js";
import type { ToolDefinition } from "../../src/tools/tool-definition.js";
import { sandboxTestsRun } from "../execution/sandbox/sandbox-guard.js";
import { runCli } from "../support/fake-io.js";
import { pollUntil } from "../support/process-probe.js";

// Every surface through the one spawn path, inside bubblewrap for real: the bash tool (foreground,
// background), managed processes, the MCP server and the CLI. The gate still decides first.
const runs = await sandboxTestsRun();

let root = "";
let work = "";
const instances: Shellgate[] = [];

/**
 * Host pids of `sleep SECONDS` (the command line exactly; the wrappers' own command lines hold the
 * text too). Inside the sandbox's PID namespace `$$` is not a host pid, so the host's table is read.
 */
function hostSleepers(seconds: string): number[] {
  const wanted = `sleep\0${seconds}\0`;
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, "utf8") === wanted) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids.filter((pid) => pid !== process.pid);
}

async function until(condition: () => boolean, timeoutMs = 15_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return condition();
}

function tool(tools: ToolDefinition[], name: string): ToolDefinition {
  const found = tools.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
}

const sandboxConfig = (extra: ShellgateConfigInput = {}): ShellgateConfigInput => ({
  working_dir: work,
  safety_profile: "unrestricted",
  sandbox: { mode: "required", allow_write: [work] },
  ...extra,
});

async function instance(config: ShellgateConfigInput, host: Parameters<typeof createShellgate>[1] = {}) {
  const created = await createShellgate(config, {
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin" },
    ...host,
  });
  instances.push(created);
  return created;
}

describe.runIf(runs)("every surface runs inside the sandbox (Linux, bubblewrap)", () => {
  beforeAll(() => {
    root = mkdtempSync(path.join(os.tmpdir(), "shellgate-surfaces-"));
    work = path.join(root, "work");
    mkdirSync(work);
  });

  afterEach(async () => {
    await Promise.all(instances.splice(0).map((created) => created.close()));
  });

  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it("the bash tool: the description states the policy; a denied write carries the marker", async () => {
    const shellgate = await instance(sandboxConfig());
    const bash = tool(shellgate.tools(), "bash");
    expect(bash.description).toContain(`OS sandbox (bubblewrap) encloses every command`);
    // The working directory, then the instance's private temp directory (its TMPDIR).
    expect(bash.description).toContain(`Writable: ${work}, ${os.tmpdir()}`);
    const outside = path.join(root, "escaped.txt");
    const result = await bash.execute({ command: `echo x > ${outside}`, description: "Write outside" });
    expect(existsSync(outside)).toBe(false);
    expect(result.text).toContain(`[sandbox denied: write to ${outside} (outside sandbox.allow_write)`);
  });

  it("the gate still runs first, its verdict unchanged", async () => {
    const shellgate = await instance(sandboxConfig({ safety_profile: "strict" }));
    const result = await tool(shellgate.tools(), "bash").execute({
      command: "rm -rf /",
      description: "Wipe",
    });
    expect(result.isError).toBe(true);
    expect(result.text).not.toContain("sandbox");
    expect(shellgate.check("rm -rf /").allowed).toBe(false);
  });

  it("required without bubblewrap refuses before anything runs, naming what to install", async () => {
    const marker = path.join(work, "ran.txt");
    const shellgate = await instance(sandboxConfig(), {
      sandbox: {
        probe: async () => ({ platform: "linux", dependencyErrors: ["bubblewrap (bwrap) not installed"] }),
      },
    });
    const result = await tool(shellgate.tools(), "bash").execute({
      command: `touch ${marker}`,
      description: "Touch",
    });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('sandbox.mode is "required"');
    expect(result.text).toContain("apt install bubblewrap");
    expect(existsSync(marker)).toBe(false);
  });

  it("a foreground timeout ends the whole enclosed tree", async () => {
    const shellgate = await instance(sandboxConfig());
    const token = "61.2718";
    const result = await tool(shellgate.tools(), "bash").execute({
      command: `sleep ${token} & sleep ${token} & wait`,
      description: "Hang",
      timeoutMs: 2000,
    });
    expect(result.text).toMatch(/timed out/);
    expect(await until(() => hostSleepers(token).length === 0)).toBe(true);
  });

  it("a background task runs enclosed and is killed whole", async () => {
    const shellgate = await instance(sandboxConfig());
    const tools = shellgate.tools();
    const token = "62.3141";
    const started = await tool(tools, "bash").execute({
      command: `echo started; touch ${path.join(root, "bg.txt")}; sleep ${token} & exec sleep ${token}`,
      description: "Sleep",
      run_in_background: true,
    });
    const taskId = String(started.structured?.task_id);
    expect(await until(() => hostSleepers(token).length === 2)).toBe(true);
    const output = await pollUntil(
      async () => (await tool(tools, "bash_output").execute({ task_id: taskId })).text,
      /started/,
    );
    expect(output).toContain("started");
    expect(existsSync(path.join(root, "bg.txt"))).toBe(false);
    await tool(tools, "bash_kill").execute({ task_id: taskId });
    expect(await until(() => hostSleepers(token).length === 0)).toBe(true);
  });

  it("a managed process (pipes, with stdin) runs enclosed and is killed whole on its timeout", async () => {
    const shellgate = await instance(sandboxConfig({ managed_processes: true, managed_stdin: true }));
    const tools = shellgate.tools();
    const token = "63.1618";
    const outside = path.join(root, "managed.txt");
    const started = await tool(tools, "process_start").execute({
      command: `touch ${outside}; sleep ${token} & sleep ${token} & wait`,
      timeout: 2,
    });
    expect(started.isError).toBe(false);
    expect(await until(() => hostSleepers(token).length === 2)).toBe(true);
    expect(existsSync(outside)).toBe(false);
    expect(await until(() => hostSleepers(token).length === 0, 20_000)).toBe(true);
  });

  it("a managed process's reads carry the same denial marker as a foreground result", async () => {
    const shellgate = await instance(sandboxConfig({ managed_processes: true }));
    const tools = shellgate.tools();
    const outside = path.join(root, "managed-marker.txt");
    const started = await tool(tools, "process_start").execute({ command: `echo x > ${outside}; echo done` });
    const processId = String(started.structured?.process_id);
    const waited = await pollUntil(
      async () => (await tool(tools, "process_wait").execute({ process_id: processId, wait_ms: 1000 })).text,
      /returncode/,
    );
    const marker = `[sandbox denied: write to ${outside} (outside sandbox.allow_write)`;
    expect(waited).toContain(marker);
    const read = await tool(tools, "process_read").execute({ process_id: processId });
    expect(read.text).toContain(marker);
    expect(String(read.structured?.sandbox)).toContain(marker);
    expect(existsSync(outside)).toBe(false);
  });

  it("a managed process on a terminal (pty) runs enclosed and is killed whole on its timeout", async () => {
    const shellgate = await instance(sandboxConfig({ managed_processes: true, managed_pty: true }));
    const tools = shellgate.tools();
    const token = "64.5772";
    const outside = path.join(root, "pty.txt");
    const started = await tool(tools, "process_start").execute({
      command: `test -t 1 && echo on-a-terminal; touch ${outside}; sleep ${token} & sleep ${token} & wait`,
      pty: true,
      timeout: 3,
    });
    expect(started.isError).toBe(false);
    const processId = String(started.structured?.process_id);
    expect(await until(() => hostSleepers(token).length === 2)).toBe(true);
    const read = await pollUntil(
      async () => (await tool(tools, "process_read").execute({ process_id: processId })).text,
      /sandbox denied/,
    );
    expect(read).toContain("on-a-terminal");
    expect(read).toContain(`write to ${outside} (outside sandbox.allow_write)`);
    expect(existsSync(outside)).toBe(false);
    expect(await until(() => hostSleepers(token).length === 0, 20_000)).toBe(true);
  });

  it("the MCP server's bash tool is enclosed too", async () => {
    const shellgate = await instance(sandboxConfig());
    const server = createMcpServer(shellgate.tools(), { version: "0.0.0", ownerId: "connection-1" });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: "test", version: "1.0.0" });
    await client.connect(clientSide);
    const outside = path.join(root, "mcp.txt");
    const result = await client.callTool({
      name: "bash",
      arguments: { command: `echo x > ${outside}`, description: "Write outside" },
    });
    const text = (result.content as { type: string; text: string }[]).map((part) => part.text).join("");
    expect(text).toContain(`write to ${outside} (outside sandbox.allow_write)`);
    expect(existsSync(outside)).toBe(false);
    await client.close();
  });

  it("the CLI: shellgate run --sandbox required encloses the command", async () => {
    const outside = path.join(root, "cli.txt");
    writeFileSync(path.join(work, "cli.json"), JSON.stringify({ sandbox: { allow_write: [work] } }));
    const args = ["run", "--sandbox", "required", "--profile", "unrestricted", "--config", "cli.json"];
    const outcome = await runCli([...args, `echo x > ${outside}`], {
      cwd: work,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: root },
    });
    expect(existsSync(outside)).toBe(false);
    expect(outcome.out).toContain(`write to ${outside}`);
    const bad = await runCli(["run", "--sandbox", "maybe", "true"], { cwd: work });
    expect(bad.code).toBe(64);
    expect(bad.err).toContain("--sandbox must be one of off, auto, required, got 'maybe'");
  });
});
