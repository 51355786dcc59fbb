import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { Ajv } from "ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nativePidCommand, onWindows, shellQuote, skipUnderWine } from "../../support/platform.js";
import { isAlive, pollUntil, waitUntilGone } from "../../support/process-probe.js";

// The pid comes from a node process the shell starts: allow for a slow start on a loaded machine.
const PID_WAIT_MS = 20_000;

// The real server as an MCP client meets it: `shellgate mcp` in a child process, driven by the
// SDK's own Client over stdio.

const repository = fileURLToPath(new URL("../../..", import.meta.url));
const launcher = fileURLToPath(new URL("../../fixtures/cli/shellgate-source.ts", import.meta.url));

let directory: string;
let client: Client;
let transport: StdioClientTransport;
let stderr = "";

function textOf(result: unknown): string {
  const content = (result as CallToolResult).content;
  return content.map((block) => (block.type === "text" ? block.text : "")).join("");
}

async function call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

async function connectServer(
  configFile: string,
): Promise<{ client: Client; transport: StdioClientTransport }> {
  const serverTransport = new StdioClientTransport({
    command: process.execPath,
    args: ["--import", "tsx", launcher, "mcp", "--config", configFile],
    cwd: repository,
    stderr: "pipe",
  });
  serverTransport.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const connected = new Client({ name: "shellgate-test", version: "1.0.0" });
  await connected.connect(serverTransport);
  return { client: connected, transport: serverTransport };
}

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "shellgate-mcp-"));
  const configFile = path.join(directory, "shellgate.config.json");
  await writeFile(configFile, JSON.stringify({ working_dir: directory, managed_processes: true }));
  ({ client, transport } = await connectServer(configFile));
}, 60_000);

afterAll(async () => {
  await client?.close();
  await rm(directory, { recursive: true, force: true });
});

describe("shellgate mcp over stdio", () => {
  it("lists the tools with valid JSON Schemas and annotations", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      "bash",
      "bash_output",
      "bash_kill",
      "process_start",
      "process_read",
      "process_wait",
      "process_status",
      "process_write",
      "process_terminate",
      "process_list",
    ]);
    const ajv = new Ajv({ strict: true });
    for (const tool of tools) {
      expect(() => ajv.compile(tool.inputSchema)).not.toThrow();
      if (tool.outputSchema) expect(() => ajv.compile(tool.outputSchema as object)).not.toThrow();
      expect(tool.description?.length ?? 0).toBeLessThanOrEqual(2000);
    }
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect(byName.get("bash")?.annotations).toMatchObject({ destructiveHint: true, readOnlyHint: false });
    expect(byName.get("bash_output")?.annotations).toMatchObject({ readOnlyHint: true });
    expect(byName.get("process_list")?.annotations).toMatchObject({ readOnlyHint: true });
    expect(byName.get("bash")?.description).toContain("Safety profile strict");
  });

  it("runs a command and returns the text and the structured result", async (context) => {
    skipUnderWine(context, "no-git-bash");
    const result = await call("bash", { command: "echo hello from mcp", description: "Say hello" });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toContain("hello from mcp");
    expect(result.structuredContent).toMatchObject({ exitCode: 0, background: false });
  });

  it("reports a non-zero exit as a result, not an error", async (context) => {
    skipUnderWine(context, "no-git-bash");
    const result = await call("bash", {
      command: "echo failing >&2; exit 3",
      description: "Fail on purpose",
    });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toMatch(/\[stderr\]\nfailing\n?[\s\S]*\[exit code: 3\]$/);
    expect(result.structuredContent).toMatchObject({ exitCode: 3 });
  });

  it("answers a blocked command with a tool error carrying the gate's reason", async () => {
    const marker = path.join(directory, "should-not-exist");
    const result = await call("bash", {
      command: `sudo touch ${shellQuote(marker)}`,
      description: "Try sudo",
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^Command blocked by the safety gate \(profile strict/);
    expect(isAlive(process.pid)).toBe(true);
  });

  it("answers invalid input with a tool error naming the field", async () => {
    const result = await call("bash", { command: "ls", timeoutMs: -1 });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^Invalid bash input: field 'timeoutMs' /);
  });

  it("starts a background task, reads it, and kills its process", async (context) => {
    skipUnderWine(context, "no-git-bash");
    const started = await call("bash", {
      command: nativePidCommand(),
      description: "Sleep in the background",
      run_in_background: true,
    });
    expect(started.isError).toBeFalsy();
    const taskId = (started.structuredContent as { task_id: string }).task_id;
    expect(taskId).toEqual(expect.any(String));
    const output = await pollUntil(
      async () => textOf(await call("bash_output", { task_id: taskId })),
      /pid \d+/,
      PID_WAIT_MS,
    );
    expect(output).toContain("[status: running]");
    const pid = Number(/pid (\d+)/.exec(output)?.[1]);
    expect(isAlive(pid)).toBe(true);
    const killed = await call("bash_kill", { task_id: taskId });
    expect(killed.isError).toBeFalsy();
    expect(textOf(killed)).toContain(taskId);
    expect(await waitUntilGone(pid)).toBe(true);
    const unknown = await call("bash_output", { task_id: "no-such-task" });
    expect(unknown.isError).toBe(true);
  });

  it("kills a foreground run when the client cancels the call", async (context) => {
    skipUnderWine(context, "no-git-bash");
    const pidFile = path.join(directory, "cancelled.pid");
    const controller = new AbortController();
    const pending = client.callTool(
      {
        name: "bash",
        arguments: { command: `${nativePidCommand()} > ${shellQuote(pidFile)}`, description: "Wait" },
      },
      undefined,
      { signal: controller.signal },
    );
    const written = await pollUntil(
      () => readFile(pidFile, "utf8").catch(() => ""),
      /^pid \d+\n/,
      PID_WAIT_MS,
    );
    const pid = Number(/\d+/.exec(written)?.[0]);
    expect(isAlive(pid)).toBe(true);
    controller.abort();
    await expect(pending).rejects.toThrow();
    expect(await waitUntilGone(pid)).toBe(true);
  });

  it("runs a managed process with its contract fields", async (context) => {
    skipUnderWine(context, "no-git-bash");
    const started = await call("process_start", { command: "echo ready; read line; echo got $line" });
    expect(started.isError).toBeFalsy();
    const page = started.structuredContent as { process_id: string; state: string; next_cursor: number };
    expect(page.state).toBe("running");
    const status = await call("process_status", { process_id: page.process_id });
    expect(status.structuredContent).toMatchObject({ process_id: page.process_id, returncode: null });
    const follow = await call("process_read", { process_id: page.process_id, command: "ls" });
    expect(follow.isError).toBe(true);
    expect(textOf(follow)).toMatch(/^Invalid process_read input: unknown field 'command'/);
    const ended = await call("process_terminate", { process_id: page.process_id });
    expect(ended.structuredContent).toMatchObject({
      process_id: page.process_id,
      cancellation_requested: true,
    });
  });

  it("terminates everything it started when the client closes, and exits", async (context) => {
    skipUnderWine(context, "no-git-bash");
    const background = await call("bash", {
      command: nativePidCommand(),
      description: "Sleep until closed",
      run_in_background: true,
    });
    const taskId = (background.structuredContent as { task_id: string }).task_id;
    const output = await pollUntil(
      async () => textOf(await call("bash_output", { task_id: taskId })),
      /pid \d+/,
      PID_WAIT_MS,
    );
    const taskPid = Number(/pid (\d+)/.exec(output)?.[1]);
    const managed = await call("process_start", { command: nativePidCommand() });
    const processId = (managed.structuredContent as { process_id: string }).process_id;
    const page = await pollUntil(
      async () => textOf(await call("process_wait", { process_id: processId, wait_ms: 500 })),
      /pid \d+/,
      PID_WAIT_MS,
    );
    const managedPid = Number(/pid (\d+)/.exec(page)?.[1]);
    const serverPid = transport.pid;
    expect(serverPid).toEqual(expect.any(Number));
    expect(isAlive(taskPid) && isAlive(managedPid)).toBe(true);

    await client.close();

    expect(await waitUntilGone(taskPid)).toBe(true);
    expect(await waitUntilGone(managedPid)).toBe(true);
    expect(await waitUntilGone(serverPid as number)).toBe(true);
    expect(stderr).toContain("shellgate mcp: stopping (stdin closed)");
  }, 90_000);

  // Windows has no SIGTERM: process.kill is TerminateProcess there, so no handler runs and nothing can
  // be said on stderr; what outlives a killed server on Windows is test/windows' business.
  it.skipIf(onWindows)(
    "terminates everything it started on SIGTERM, and exits",
    async () => {
      const second = await connectServer(path.join(directory, "shellgate.config.json"));
      const started = (await second.client.callTool({
        name: "bash",
        arguments: { command: nativePidCommand(), description: "Sleep", run_in_background: true },
      })) as CallToolResult;
      const taskId = (started.structuredContent as { task_id: string }).task_id;
      const output = await pollUntil(
        async () =>
          textOf(await second.client.callTool({ name: "bash_output", arguments: { task_id: taskId } })),
        /pid \d+/,
        PID_WAIT_MS,
      );
      const taskPid = Number(/pid (\d+)/.exec(output)?.[1]);
      const serverPid = second.transport.pid as number;
      process.kill(serverPid, "SIGTERM");
      expect(await waitUntilGone(taskPid)).toBe(true);
      expect(await waitUntilGone(serverPid)).toBe(true);
      expect(stderr).toContain("shellgate mcp: stopping (received SIGTERM)");
      await second.client.close();
    },
    60_000,
  );
});
