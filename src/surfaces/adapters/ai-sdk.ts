// shellgate/ai-sdk: shellgate's tools as Vercel AI SDK tools (`ai` >= 5, an optional peer).
import { type JSONSchema7, jsonSchema, type Tool, tool } from "ai";
import type { Shellgate, ToolDefinition, ToolResult } from "../../index.js";
import { type AdapterOptions, callContext } from "./adapter-options.js";

/** What `execute` of an AI SDK tool receives besides the input (the fields shellgate reads). */
export interface AiSdkCallOptions {
  readonly abortSignal?: AbortSignal;
  readonly experimental_context?: unknown;
}

export type AiSdkToolsOptions = AdapterOptions<AiSdkCallOptions>;

type AiExecute = NonNullable<Tool<unknown, ToolResult>["execute"]>;

/**
 * An AI SDK tool whose `execute` is always there and answers with one result (never a stream), so
 * a host calling it directly reads `.text` without narrowing.
 */
export type AiSdkTool = {
  execute(input: unknown, options: Parameters<AiExecute>[1]): Promise<ToolResult>;
} & Tool<unknown, ToolResult>;

type ModelOutput = { type: "text"; value: string } | { type: "error-text"; value: string };

function modelOutput(result: ToolResult): ModelOutput {
  return result.isError ? { type: "error-text", value: result.text } : { type: "text", value: result.text };
}

// ai 5 calls toModelOutput(output); ai 6 calls toModelOutput({ toolCallId, input, output }).
function resultOf(argument: unknown): ToolResult {
  const record = argument as { output?: unknown; toolCallId?: unknown };
  return (typeof record.toolCallId === "string" ? record.output : argument) as ToolResult;
}

function aiSdkTool(definition: ToolDefinition, options: AiSdkToolsOptions): AiSdkTool {
  return tool<unknown, ToolResult>({
    description: definition.description,
    // No `validate`: the AI SDK passes the model's input through and shellgate's own validation
    // answers with its one-sentence message, not the framework's.
    inputSchema: jsonSchema<unknown>(definition.inputSchema as JSONSchema7),
    execute: (input, callOptions) =>
      definition.execute(
        input,
        callContext(options, callOptions, callOptions.experimental_context, callOptions.abortSignal),
      ),
    toModelOutput: ((argument: unknown) => modelOutput(resultOf(argument))) as never,
  }) as AiSdkTool;
}

/**
 * shellgate's tools as a record of AI SDK tools, keyed by tool name, for `generateText({ tools })`.
 * The model reads shellgate's descriptions and texts; an error result reaches it as `error-text`.
 */
export function createAiSdkTools(
  shellgate: Shellgate,
  options: AiSdkToolsOptions = {},
): Record<string, AiSdkTool> {
  const tools: Record<string, AiSdkTool> = {};
  for (const definition of shellgate.tools(options)) tools[definition.name] = aiSdkTool(definition, options);
  return tools;
}
