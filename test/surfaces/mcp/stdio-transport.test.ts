import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { serveStdio } from "../../../src/surfaces/mcp/serve-stdio.js";

const scratch = mkdtempSync(path.join(os.tmpdir(), "mcp-transport-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Reply {
  readonly id?: string | number;
  readonly result?: Record<string, unknown>;
  readonly error?: { code: number; message: string };
}

/** `shellgate mcp` in-process on in-memory pipes, read as the raw JSON-RPC lines a client gets. */
function server(options: { maxMessageBytes?: number } = {}) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const replies: unknown[] = [];
  let pending = "";
  const waiters = new Set<() => void>();
  stdout.on("data", (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) if (line.trim() !== "") replies.push(JSON.parse(line));
    for (const wake of [...waiters]) wake();
  });
  stderr.resume();
  const done = serveStdio({
    cwd: scratch,
    env: { ...process.env, SHELLGATE_CONFIG: "" },
    stdin,
    stdout,
    stderr,
    ...options,
  });
  const send = (value: unknown) =>
    stdin.write(`${typeof value === "string" ? value : JSON.stringify(value)}\n`);
  /** The first reply matching, once it has arrived (no timers: each stdout chunk re-checks). */
  const reply = (match: (value: unknown) => boolean): Promise<unknown> =>
    new Promise((resolve) => {
      const check = () => {
        const found = replies.find(match);
        if (found === undefined) return;
        waiters.delete(check);
        resolve(found);
      };
      waiters.add(check);
      check();
    });
  const byId = (id: string | number) => reply((value) => (value as Reply).id === id) as Promise<Reply>;
  return { stdin, send, reply, byId, done, replies };
}

async function initialized(mcp: ReturnType<typeof server>): Promise<void> {
  mcp.send({
    jsonrpc: "2.0",
    id: "init",
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "test", version: "1" } },
  });
  await mcp.byId("init");
  mcp.send({ jsonrpc: "2.0", method: "notifications/initialized" });
}

describe("the MCP stdio transport", () => {
  it("answers every malformed request by its id, and goes on serving", async () => {
    const mcp = server();
    await initialized(mcp);
    mcp.send('{"jsonrpc":"2.0","id":1,"method":"tools/list",');
    mcp.send({ jsonrpc: "1.0", id: 2, method: "tools/list" });
    mcp.send({ jsonrpc: "2.0", id: 3, method: "tools/call", params: ["bash"] });
    mcp.send([{ jsonrpc: "2.0", id: 4, method: "tools/list" }]);
    mcp.send({ jsonrpc: "2.0", id: 5, method: 5 });
    mcp.send({ jsonrpc: "2.0", id: 6, method: "tools/list", params: { cursor: 5 } });
    mcp.send({ jsonrpc: "2.0", id: 7, method: "no/such/method" });
    mcp.send({ jsonrpc: "2.0", id: 8, method: "ping" });
    expect((await mcp.byId(1)).error).toMatchObject({
      code: -32700,
      message: /^Parse error: the message is not valid JSON/,
    });
    expect((await mcp.byId(2)).error).toEqual({
      code: -32600,
      message: `Invalid request: 'jsonrpc' must be "2.0", got "1.0".`,
    });
    expect((await mcp.byId(3)).error).toMatchObject({ code: -32602 });
    const batch = await mcp.reply((value) => Array.isArray(value));
    expect(batch).toMatchObject([{ id: 4, error: { code: -32600, message: /batches are not supported/ } }]);
    expect((await mcp.byId(5)).error?.code).toBe(-32600);
    expect((await mcp.byId(6)).error).toEqual({
      code: -32602,
      message: "Invalid tools/list parameters: 'cursor' must be the string a previous page returned.",
    });
    expect((await mcp.byId(7)).error?.code).toBe(-32601);
    expect((await mcp.byId(8)).result).toEqual({});
    mcp.stdin.end();
    expect(await mcp.done).toBe(0);
  });

  it("answers a 50 MB request with an error by its id instead of ending the session and its processes", async () => {
    const mcp = server();
    await initialized(mcp);
    mcp.send({
      jsonrpc: "2.0",
      id: "bg",
      method: "tools/call",
      params: {
        name: "bash",
        arguments: { command: "sleep 120", description: "wait", run_in_background: true },
      },
    });
    const started = await mcp.byId("bg");
    const taskId = String((started.result?.structuredContent as { task_id?: string } | undefined)?.task_id);
    // As the SDK's client writes it: method and params first, the id last.
    const megabyte = "x".repeat(1024 * 1024);
    mcp.stdin.write('{"method":"tools/call","params":{"name":"bash","arguments":{"command":"echo ');
    for (let index = 0; index < 50; index++) mcp.stdin.write(megabyte);
    mcp.stdin.write('","description":"big"}},"jsonrpc":"2.0","id":"huge"}\n');
    const refused = await mcp.byId("huge");
    expect(refused.error?.code).toBe(-32600);
    expect(refused.error?.message).toMatch(
      /^Request too large: 524\d{5} bytes exceed this server's limit of 10485760 bytes/,
    );
    mcp.send({
      jsonrpc: "2.0",
      id: "read",
      method: "tools/call",
      params: { name: "bash_output", arguments: { task_id: taskId } },
    });
    const read = await mcp.byId("read");
    expect((read.result?.structuredContent as { status?: string } | undefined)?.status).toBe("running");
    mcp.stdin.end();
    expect(await mcp.done).toBe(0);
  }, 60_000);

  it("keeps to a smaller limit the embedder sets, and reads the next request whole", async () => {
    const mcp = server({ maxMessageBytes: 4096 });
    await initialized(mcp);
    mcp.send({ jsonrpc: "2.0", id: 1, method: "ping", params: { padding: "p".repeat(5000) } });
    expect((await mcp.byId(1)).error?.message).toMatch(/limit of 4096 bytes/);
    mcp.send({ jsonrpc: "2.0", id: 2, method: "ping" });
    expect((await mcp.byId(2)).result).toEqual({});
    mcp.stdin.end();
    await mcp.done;
  });
});
