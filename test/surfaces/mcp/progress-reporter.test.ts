import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { Progress } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createShellgate } from "../../../src/api/create-shellgate.js";
import type { Shellgate } from "../../../src/api/shellgate.js";
import { createMcpServer } from "../../../src/surfaces/mcp/create-mcp-server.js";
import { OutputTail } from "../../../src/surfaces/mcp/output-tail.js";
import { skipUnderWine } from "../../support/platform.js";
import { isAlive, pollUntil, waitUntilGone } from "../../support/process-probe.js";

// A client that sends a progressToken sees a long foreground command's latest lines while it runs;
// cancelling the call still stops the tree.

let directory: string;
let shellgate: Shellgate;
let client: Client;

beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "shellgate-progress-"));
  shellgate = await createShellgate({ working_dir: directory });
  const server = createMcpServer(shellgate.tools(), { version: "0", ownerId: "c", progressIntervalMs: 50 });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(clientSide);
});

afterEach(async () => {
  await client.close();
  await shellgate.close();
  await rm(directory, { recursive: true, force: true });
});

/** Resolves with the first progress whose message matches. */
function progressMatching(seen: Progress[], pattern: RegExp): Promise<Progress> {
  return new Promise((resolve) => {
    const timer = setInterval(() => {
      const found = seen.find((progress) => pattern.test(progress.message ?? ""));
      if (found) {
        clearInterval(timer);
        resolve(found);
      }
    }, 10);
  });
}

describe("MCP progress", () => {
  it("sends the latest output lines with the client's token while a command runs", async (context) => {
    skipUnderWine(context, "no-git-bash");
    const go = path.join(directory, "go");
    const seen: Progress[] = [];
    const call = client.callTool(
      {
        name: "bash",
        arguments: {
          command: `for i in 1 2 3; do echo line-$i; done; until [ -e go ]; do sleep 0.05; done; echo done`,
        },
      },
      undefined,
      { onprogress: (progress) => seen.push(progress) },
    );
    const first = await progressMatching(seen, /line-3/);
    expect(first.message).toBe("line-1\nline-2\nline-3");
    await writeFile(go, "");
    const result = await call;
    expect((result.content as { text: string }[])[0]!.text).toBe("line-1\nline-2\nline-3\ndone\n");
    const counts = seen.map((progress) => progress.progress);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(new Set(counts).size).toBe(counts.length);
  });

  it("still stops the tree when the client cancels a call that reports progress", async (context) => {
    skipUnderWine(context, "no-git-bash");
    const pidFile = path.join(directory, "child.pid");
    const controller = new AbortController();
    const call = client
      .callTool(
        { name: "bash", arguments: { command: `echo started; sleep 30 & echo $! > child.pid; wait` } },
        undefined,
        { onprogress: () => undefined, signal: controller.signal },
      )
      .catch((error: unknown) => error);
    const child = Number(await pollUntil(() => readFile(pidFile, "utf8").catch(() => ""), /^\d+\n/));
    expect(isAlive(child)).toBe(true);
    controller.abort();
    await call;
    expect(await waitUntilGone(child)).toBe(true);
    expect(existsSync(pidFile)).toBe(true);
  });
});

describe("OutputTail", () => {
  it("keeps the last lines, decoding UTF-8 split across chunks", () => {
    const tail = new OutputTail(2, 100);
    const bytes = Buffer.from("a\nb\nc€\n");
    tail.push("stdout", bytes.subarray(0, 6));
    tail.push("stdout", bytes.subarray(6));
    expect(tail.lines()).toBe("b\nc€");
  });

  it("caps the characters shown", () => {
    const tail = new OutputTail(10, 5);
    tail.push("stderr", Buffer.from("0123456789"));
    expect(tail.lines()).toBe("56789");
  });

  it("shows the output escaped, as the result's text: no control sequence reaches a client's terminal", () => {
    const tail = new OutputTail(10, 200);
    tail.push("stdout", Buffer.from("\u001b]0;owned\u0007\u001b[2J[exit code: 0]\nbell\u0007\n"));
    expect(tail.lines()).toBe("\\[exit code: 0]\nbell\\x07");
  });
});
