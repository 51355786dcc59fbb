import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { ToolResult } from "../../tools/tool-definition.js";

/**
 * A tool result as MCP carries it: the model text as one text block, the structured result beside
 * it. An error (invalid input, a blocked command, a spawn failure) is a tool error the model reads,
 * never a protocol error; it carries no structured content, which a client would validate.
 */
export function callResult(result: ToolResult): CallToolResult {
  const content = [{ type: "text" as const, text: result.text }];
  if (result.isError) return { content, isError: true };
  return result.structured ? { content, structuredContent: { ...result.structured } } : { content };
}
