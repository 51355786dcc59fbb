import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createShellgate } from "../../../src/api/create-shellgate.js";
import type { Shellgate } from "../../../src/api/shellgate.js";
import { createMcpServer } from "../../../src/surfaces/mcp/create-mcp-server.js";
import { skipUnderWine } from "../../support/platform.js";

// What the MCP surface publishes differently from the library: an optional `description` on
// `bash`, and refusals that name the process_* tools.

let directory: string;
let shellgate: Shellgate;
let client: Client;

beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "shellgate-mcp-tools-"));
  shellgate = await createShellgate({ working_dir: directory, managed_processes: true });
  const server = createMcpServer(shellgate.tools(), { version: "0.0.0", ownerId: "connection" });
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

function text(result: Awaited<ReturnType<Client["callTool"]>>): string {
  return (result.content as { text: string }[])[0]!.text;
}

describe("the MCP tools", () => {
  it("publishes bash with description optional, while the library's bash requires it", async () => {
    const { tools } = await client.listTools();
    const bash = tools.find((tool) => tool.name === "bash")!;
    expect(bash.inputSchema.required).toEqual(["command"]);
    expect(Object.keys(bash.inputSchema.properties ?? {})).toContain("description");
    const library = shellgate.tools().find((tool) => tool.name === "bash")!;
    expect(library.inputSchema.required).toContain("description");
  });

  it("runs bash without a description, and still rejects what the schema does not allow", async (context) => {
    skipUnderWine(context, "no-git-bash");
    const ran = await client.callTool({ name: "bash", arguments: { command: "echo no-description" } });
    expect(ran.isError).toBeFalsy();
    expect(text(ran)).toBe("no-description\n");
    const refused = await client.callTool({ name: "bash", arguments: { command: "ls", cwd: "/" } });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toMatch(/^Invalid bash input: unknown field 'cwd'; known: command, description, /);
  });

  it("tells the model to call process_list for an unknown process id, not action=list", async () => {
    const result = await client.callTool({ name: "process_status", arguments: { process_id: "p-unknown" } });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain("Call process_list to see this session's processes.");
    expect(text(result)).not.toContain("action=list");
  });
});
