import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool } from "../../../src/api/tools/define-tool.js";
import { createMcpServer } from "../../../src/surfaces/mcp/create-mcp-server.js";
import type { ToolCallContext } from "../../../src/tools/tool-definition.js";

// The server's mapping from tool definitions to MCP, over the SDK's in-memory transport: listing,
// owner per connection, structured content, errors as tool errors.

const seen: ToolCallContext[] = [];
const echo = defineTool({
  name: "echo",
  description: "Echo a word.",
  schema: z.strictObject({ word: z.string().min(1) }),
  outputSchema: z.looseObject({ word: z.string() }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(input, context) {
    seen.push(context);
    if (input.word === "fail") throw new Error("the echo failed; try another word");
    return { text: `said ${input.word}`, isError: false, structured: { word: input.word } };
  },
});

let client: Client | undefined;

afterEach(async () => {
  await client?.close();
  seen.length = 0;
});

async function connect(): Promise<Client> {
  const server = createMcpServer([echo], { version: "1.2.3", ownerId: "connection-1" });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(clientSide);
  return client;
}

describe("createMcpServer", () => {
  it("announces the tool with its generated schemas and annotations", async () => {
    const connected = await connect();
    expect(connected.getServerVersion()).toMatchObject({ name: "shellgate", version: "1.2.3" });
    const { tools } = await connected.listTools();
    expect(tools).toEqual([
      {
        name: "echo",
        description: "Echo a word.",
        inputSchema: echo.inputSchema,
        outputSchema: echo.outputSchema,
        annotations: echo.annotations,
      },
    ]);
  });

  it("returns the text and the structured content, with the connection as owner", async () => {
    const connected = await connect();
    await connected.listTools();
    const result = await connected.callTool({ name: "echo", arguments: { word: "hi" } });
    expect(result).toEqual({
      content: [{ type: "text", text: "said hi" }],
      structuredContent: { word: "hi" },
    });
    expect(seen[0]?.ownerId).toBe("connection-1");
    expect(seen[0]?.signal).toBeInstanceOf(AbortSignal);
  });

  it("turns invalid input and failures into tool errors, not protocol errors", async () => {
    const connected = await connect();
    await connected.listTools();
    expect(await connected.callTool({ name: "echo", arguments: { word: "" } })).toEqual({
      content: [{ type: "text", text: "Invalid echo input: field 'word' must not be empty." }],
      isError: true,
    });
    expect(await connected.callTool({ name: "echo", arguments: { word: "fail" } })).toEqual({
      content: [{ type: "text", text: "the echo failed; try another word" }],
      isError: true,
    });
  });

  it("answers an unknown tool with a protocol error naming the tools", async () => {
    const connected = await connect();
    const error = await connected.callTool({ name: "nope", arguments: {} }).catch((caught: Error) => caught);
    // The client adds "MCP error -32602: " once; the server's message does not repeat it.
    expect((error as Error).message).toBe("MCP error -32602: Unknown tool 'nope'; the tools are echo.");
  });

  it("answers malformed call parameters with an invalid-params error of one sentence", async () => {
    const connected = await connect();
    const anything = z.unknown();
    const call = (params: Record<string, unknown>) =>
      connected
        .request({ method: "tools/call", params } as never, anything as never)
        .catch((caught: Error) => caught);
    expect(await call({ name: "echo", arguments: "word" })).toMatchObject({
      code: -32602,
      message:
        "MCP error -32602: Invalid tools/call parameters: 'arguments' must be an object of echo's fields, got a string.",
    });
    expect(await call({ name: 7 })).toMatchObject({
      code: -32602,
      message:
        "MCP error -32602: Invalid tools/call parameters: 'name' must be the tool's name, a non-empty string.",
    });
  });

  it("checks an elicitation reply against the requested schema (the validator loads on that first call)", async () => {
    const server = createMcpServer([echo], { version: "1.2.3", ownerId: "connection-1" });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    client = new Client({ name: "test", version: "1.0.0" }, { capabilities: { elicitation: { form: {} } } });
    const replies = [{ answer: "yes" }, { answer: 7 }];
    client.setRequestHandler(ElicitRequestSchema, async () => ({
      action: "accept",
      content: replies.shift(),
    }));
    await client.connect(clientSide);
    const ask = () =>
      server.elicitInput({
        message: "Proceed?",
        requestedSchema: { type: "object", properties: { answer: { type: "string" } }, required: ["answer"] },
      });
    expect(await ask()).toMatchObject({ action: "accept", content: { answer: "yes" } });
    await expect(ask()).rejects.toThrow(/does not match requested schema/);
  });
});
