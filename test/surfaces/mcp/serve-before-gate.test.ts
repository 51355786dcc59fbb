import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SafetyGate, SafetyGateOptions } from "../../../src/safety/index.js";
import { skipUnderWine } from "../../support/platform.js";

// `shellgate mcp` answers initialize and tools/list while the bash grammar still loads; a call
// waits for the gate. The gate's load is held here by hand, so the order is certain, not timed.
const held = vi.hoisted(() => ({
  create: undefined as undefined | ((options: SafetyGateOptions) => Promise<SafetyGate>),
}));
vi.mock("../../../src/safety/index.js", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../../src/safety/index.js")>();
  return {
    ...real,
    createSafetyGate: (options: SafetyGateOptions) => (held.create ?? real.createSafetyGate)(options),
  };
});
const { createSafetyGate } = await vi.importActual<typeof import("../../../src/safety/index.js")>(
  "../../../src/safety/index.js",
);
const { serveStdio } = await import("../../../src/surfaces/mcp/serve-stdio.js");
const { createShellgate } = await import("../../../src/api/create-shellgate.js");

let directory: string;

beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "shellgate-mcp-gate-"));
});

afterEach(async () => {
  held.create = undefined;
  await rm(directory, { recursive: true, force: true });
});

/** A gate load that finishes when `release` is called (or fails on `fail`), recorded in `events`. */
function holdGate(events: string[]): { release: () => void; fail: (error: Error) => void } {
  let release = () => {};
  let fail: (error: Error) => void = () => {};
  const load = new Promise<void>((resolve, reject) => {
    release = resolve;
    fail = reject;
  });
  load.catch(() => undefined);
  held.create = async (options) => {
    await load;
    events.push("gate loaded");
    return createSafetyGate(options);
  };
  return { release, fail };
}

const { SHELLGATE_CONFIG: _unused, ...environment } = process.env;

function startServer(events: string[]) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const answers = new Map<number, (message: Record<string, unknown>) => void>();
  let buffered = "";
  stdout.setEncoding("utf8");
  stdout.on("data", (text: string) => {
    buffered += text;
    for (const line of buffered.split("\n").slice(0, -1)) {
      const message = JSON.parse(line) as { id?: number };
      if (typeof message.id === "number") answers.get(message.id)?.(message);
    }
    buffered = buffered.slice(buffered.lastIndexOf("\n") + 1);
  });
  const served = serveStdio({
    cwd: directory,
    env: environment,
    stdin,
    stdout,
    stderr: new PassThrough(),
  });
  const request = (id: number, method: string, params: Record<string, unknown>) =>
    new Promise<Record<string, unknown>>((resolve) => {
      answers.set(id, (message) => {
        events.push(`answered ${method}`);
        resolve(message);
      });
      stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
    });
  const notify = (method: string) => stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method })}\n`);
  return { request, notify, stop: () => stdin.end(), served };
}

describe("shellgate mcp before the safety gate has loaded", () => {
  it("answers initialize and tools/list, and holds a call until the gate is ready", async (context) => {
    skipUnderWine(context, "no-git-bash");
    const events: string[] = [];
    const gate = holdGate(events);
    const server = startServer(events);
    const initialized = await server.request(1, "initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "test", version: "1" },
    });
    expect(initialized.result).toMatchObject({ serverInfo: { name: "shellgate" } });
    server.notify("notifications/initialized");
    const listed = (await server.request(2, "tools/list", {})) as { result: { tools: { name: string }[] } };
    expect(listed.result.tools.map((tool) => tool.name)).toContain("bash");

    const called = server.request(3, "tools/call", {
      name: "bash",
      arguments: { command: "echo after-the-gate", description: "Echo" },
    });
    gate.release();
    const answer = (await called) as { result: { content: { text: string }[]; isError?: boolean } };
    expect(answer.result.isError).toBeFalsy();
    expect(answer.result.content[0]?.text).toContain("after-the-gate");
    expect(events).toEqual([
      "answered initialize",
      "answered tools/list",
      "gate loaded",
      "answered tools/call",
    ]);
    server.stop();
    expect(await server.served).toBe(0);
  });

  it("answers a call with the reason when the gate does not load", async (context) => {
    skipUnderWine(context, "no-git-bash");
    const events: string[] = [];
    const gate = holdGate(events);
    const server = startServer(events);
    await server.request(1, "initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "test", version: "1" },
    });
    gate.fail(new Error("the grammar file is missing"));
    const answer = (await server.request(2, "tools/call", {
      name: "bash",
      arguments: { command: "echo never", description: "Echo" },
    })) as { result: { content: { text: string }[]; isError?: boolean } };
    expect(answer.result).toMatchObject({ isError: true });
    expect(answer.result.content[0]?.text).toContain("the grammar file is missing");
    server.stop();
    expect(await server.served).toBe(0);
  });
});

describe("createShellgate", () => {
  it("still resolves only once the gate is ready, and fails with the gate's error", async (context) => {
    skipUnderWine(context, "no-git-bash");
    const events: string[] = [];
    const gate = holdGate(events);
    const created = createShellgate({ working_dir: directory }).then((shellgate) => {
      events.push("created");
      return shellgate;
    });
    gate.release();
    const shellgate = await created;
    expect(events).toEqual(["gate loaded", "created"]);
    expect(shellgate.check("ls").allowed).toBe(true);
    await shellgate.close();

    const failing = holdGate([]);
    const refused = createShellgate({ working_dir: directory });
    failing.fail(new Error("the grammar file is missing"));
    await expect(refused).rejects.toThrow("the grammar file is missing");
  });
});
