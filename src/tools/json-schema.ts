import { z } from "zod";

/** A JSON Schema object as a tool definition carries it (MCP `inputSchema` / `outputSchema`). */
export type JsonSchema = { readonly type: "object" } & Readonly<Record<string, unknown>>;

/**
 * The JSON Schema of a tool's zod schema, from zod 4's own converter. Draft 7 keywords only (every
 * MCP client's validator reads them) and no `$schema` key, so clients apply their default dialect.
 */
export function toolJsonSchema(schema: z.ZodType, io: "input" | "output" = "input"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: "draft-7",
    io,
    unrepresentable: "any",
  }) as Record<string, unknown>;
  if (rest.type !== "object") throw new TypeError("a tool schema must describe an object");
  return rest as JsonSchema;
}
