// shellgate/openai-agents: shellgate's tools as OpenAI Agents SDK function tools (an optional peer).
import { type FunctionTool, type RunContext, tool } from "@openai/agents";
import type { Shellgate, ToolDefinition } from "../../index.js";
import { type AdapterOptions, callContext } from "./adapter-options.js";

export type OpenAIAgentsToolsOptions = AdapterOptions<RunContext<unknown> | undefined>;

/** One shellgate tool as the SDK sees it: its output is the text the model reads. */
export type ShellgateFunctionTool = FunctionTool<unknown, NonStrictParameters, string>;

/** A JSON Schema object the SDK forwards as is (strict off). */
export type NonStrictParameters = {
  type: "object";
  properties: Record<string, Record<string, unknown>>;
  required: string[];
  additionalProperties: true;
};

function agentsTool(definition: ToolDefinition, options: OpenAIAgentsToolsOptions): ShellgateFunctionTool {
  return tool<NonStrictParameters, unknown, string>({
    name: definition.name,
    description: definition.description,
    // A JSON Schema with strict off: the SDK only parses the JSON, so shellgate validates and its
    // one-sentence message is what the model reads (strict mode would also demand every field).
    parameters: definition.inputSchema as unknown as NonStrictParameters,
    strict: false,
    // The result text is the function output; shellgate's error texts say that they are errors
    // ("Invalid bash input: …", "Command blocked by the safety gate …", "Command not run: …").
    execute: async (input, runContext, details) => {
      const result = await definition.execute(
        input,
        callContext(options, runContext, runContext?.context, details?.signal),
      );
      return result.text;
    },
  });
}

/** shellgate's tools as `@openai/agents` function tools, for `new Agent({ tools })`. */
export function createOpenAIAgentsTools(
  shellgate: Shellgate,
  options: OpenAIAgentsToolsOptions = {},
): ShellgateFunctionTool[] {
  return shellgate.tools(options).map((definition) => agentsTool(definition, options));
}
