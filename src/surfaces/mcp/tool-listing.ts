import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { ToolDefinition } from "../../tools/tool-definition.js";

/** A tool as `tools/list` announces it: the same name, description and schemas every surface uses. */
export function listedTool(definition: ToolDefinition): Tool {
  return {
    name: definition.name,
    ...(definition.annotations.title ? { title: definition.annotations.title } : {}),
    description: definition.description,
    inputSchema: definition.inputSchema,
    ...(definition.outputSchema ? { outputSchema: definition.outputSchema } : {}),
    annotations: { ...definition.annotations },
  };
}
