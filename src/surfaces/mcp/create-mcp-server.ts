import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from "@modelcontextprotocol/sdk/types.js";
import type { ToolDefinition } from "../../tools/tool-definition.js";
import { callResult } from "./call-result.js";
import { listedTool } from "./tool-listing.js";

export interface McpServerOptions {
  readonly name?: string;
  readonly version: string;
  /** The one owner of everything this connection starts. */
  readonly ownerId: string;
  readonly instructions?: string;
}

/**
 * An MCP server over the given tools. The low-level `Server` is used rather than `McpServer` so
 * the published schemas and the validation messages are shellgate's own, generated once from zod,
 * identical to what the library API hands out.
 */
export function createMcpServer(tools: readonly ToolDefinition[], options: McpServerOptions): Server {
  const server = new Server(
    { name: options.name ?? "shellgate", version: options.version },
    { capabilities: { tools: {} }, ...(options.instructions ? { instructions: options.instructions } : {}) },
  );
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: tools.map(listedTool) }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = byName.get(request.params.name);
    if (!tool) {
      const known = [...byName.keys()].join(", ");
      throw new McpError(ErrorCode.InvalidParams, `unknown tool '${request.params.name}'; tools: ${known}`);
    }
    const result = await tool.execute(request.params.arguments ?? {}, {
      ownerId: options.ownerId,
      signal: extra.signal,
    });
    return callResult(result);
  });
  return server;
}
