import type { z } from "zod";
import { toolJsonSchema } from "../../tools/json-schema.js";
import { bashInputSchema } from "../../tools/schemas/dsh-bash.js";
import type { ToolDefinition } from "../../tools/tool-definition.js";
import { validateToolInput } from "../../tools/validate-input.js";

/**
 * The dsh `bash` input as the MCP surface takes it: `description` optional, because generic
 * clients and scripts have none to give. The library's dsh shape keeps it required (its contract).
 */
export const mcpBashInputSchema = bashInputSchema.extend({
  description: bashInputSchema.shape.description.optional(),
});

/** The dsh `bash` with the MCP input: an absent description becomes the command, as presentation shows it. */
function mcpBash(definition: ToolDefinition): ToolDefinition {
  return {
    ...definition,
    inputSchema: toolJsonSchema(mcpBashInputSchema),
    schema: mcpBashInputSchema,
    async execute(input, context) {
      const validated = validateToolInput(definition.name, mcpBashInputSchema, input);
      if (!validated.ok) return { text: validated.message, isError: true };
      const value: z.output<typeof mcpBashInputSchema> = validated.value;
      return definition.execute({ ...value, description: value.description ?? value.command }, context);
    },
  };
}

/** The tools the MCP server publishes: the library's, with the MCP-only relaxations applied. */
export function mcpTools(tools: readonly ToolDefinition[]): ToolDefinition[] {
  return tools.map((tool) => (tool.schema === bashInputSchema ? mcpBash(tool) : tool));
}
