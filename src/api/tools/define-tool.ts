import type { z } from "zod";
import { ManagedProcessError } from "../../managed/managed-process-error.js";
import { presentCall } from "../../text/presentation/present-call.js";
import { presentResult } from "../../text/presentation/present-result.js";
import { type JsonSchema, toolJsonSchema } from "../../tools/json-schema.js";
import type {
  ToolAnnotations,
  ToolCallContext,
  ToolDefinition,
  ToolResult,
} from "../../tools/tool-definition.js";
import { validateToolInput } from "../../tools/validate-input.js";

export interface ToolSpec<Schema extends z.ZodType> {
  readonly name: string;
  readonly description: string;
  readonly schema: Schema;
  readonly outputSchema?: z.ZodType;
  readonly annotations: ToolAnnotations;
  run(input: z.output<Schema>, context: ToolCallContext): Promise<ToolResult>;
}

/** An error as the model reads it: the message only, never a stack. */
export function errorResult(error: unknown): ToolResult {
  const message = error instanceof Error ? error.message : String(error);
  return { text: message, isError: true };
}

function cancelledResult(signal: AbortSignal): ToolResult {
  const reason = signal.reason instanceof Error ? signal.reason.message : "the caller cancelled the call";
  return { text: `Not run: the call was cancelled before it started (${reason}).`, isError: true };
}

/**
 * A ready tool from its zod schema and its body: the JSON Schema is generated once, input is
 * validated into one sentence, and nothing the body throws escapes as an exception.
 */
export function defineTool<Schema extends z.ZodType>(spec: ToolSpec<Schema>): ToolDefinition {
  const inputSchema: JsonSchema = toolJsonSchema(spec.schema);
  const outputSchema = spec.outputSchema ? toolJsonSchema(spec.outputSchema, "output") : undefined;
  return {
    name: spec.name,
    description: spec.description,
    inputSchema,
    ...(outputSchema ? { outputSchema } : {}),
    schema: spec.schema,
    annotations: spec.annotations,
    async execute(input, context = {}) {
      const validated = validateToolInput(spec.name, spec.schema, input);
      if (!validated.ok) return { text: validated.message, isError: true };
      if (context.signal?.aborted) return cancelledResult(context.signal);
      try {
        return await spec.run(validated.value, context);
      } catch (error) {
        if (error instanceof ManagedProcessError) return { text: error.message, isError: true };
        return errorResult(error);
      }
    },
    presentCall: (input) => presentCall(spec.name, input),
    presentResult: (input, result) => presentResult(spec.name, input, result),
  };
}
