// shellgate/langchain: shellgate's tools as LangChain tools (`@langchain/core`, an optional peer).
import type { CallbackManagerForToolRun } from "@langchain/core/callbacks/manager";
import { ToolMessage } from "@langchain/core/messages";
import { StructuredTool, type ToolRunnableConfig } from "@langchain/core/tools";
import type { Shellgate, ToolDefinition } from "../../index.js";
import { type AdapterOptions, callContext } from "./adapter-options.js";

export type LangChainToolsOptions = AdapterOptions<ToolRunnableConfig | undefined>;

type ToolCallArgument = { type: "tool_call"; args: unknown; id?: string };

function isToolCall(argument: unknown): argument is ToolCallArgument {
  return (
    typeof argument === "object" && argument !== null && (argument as { type?: unknown }).type === "tool_call"
  );
}

/**
 * One shellgate tool as a LangChain StructuredTool. A tool call comes back as a ToolMessage whose
 * `status` is shellgate's `isError` and whose artifact is the structured result; a plain
 * `invoke(args)` comes back as the text.
 */
class ShellgateLangChainTool extends StructuredTool {
  override name: string;
  override description: string;
  // The JSON Schema the model sees; LangChain's own check of it never decides what an invalid input
  // reads like, because `call` answers invalid input with shellgate's message first.
  override schema: Record<string, unknown>;

  constructor(
    private readonly definition: ToolDefinition,
    private readonly options: LangChainToolsOptions,
  ) {
    super();
    this.name = definition.name;
    this.description = definition.description;
    this.schema = definition.inputSchema as Record<string, unknown>;
  }

  // biome-ignore lint/suspicious/noExplicitAny: matches StructuredTool.call's own signature.
  override async call(argument: any, configArgument?: any, tags?: string[]): Promise<any> {
    const input = isToolCall(argument) ? argument.args : argument;
    if (this.definition.schema.safeParse(input).success) return super.call(argument, configArgument, tags);
    const result = await this.definition.execute(input);
    const id = isToolCall(argument)
      ? argument.id
      : (configArgument as ToolRunnableConfig | undefined)?.toolCall?.id;
    return id
      ? new ToolMessage({ content: result.text, status: "error", tool_call_id: id, name: this.name })
      : result.text;
  }

  protected override async _call(
    input: unknown,
    _runManager?: CallbackManagerForToolRun,
    config?: ToolRunnableConfig,
  ): Promise<ToolMessage | string> {
    const configurable = config?.configurable;
    const result = await this.definition.execute(
      input,
      callContext(this.options, config, configurable, config?.signal),
    );
    const id = config?.toolCall?.id;
    if (!id) return result.text;
    return new ToolMessage({
      content: result.text,
      status: result.isError ? "error" : "success",
      tool_call_id: id,
      name: this.name,
      ...(result.structured ? { artifact: result.structured } : {}),
    });
  }
}

/** shellgate's tools as `@langchain/core` tools, for `model.bindTools(tools)` or a LangGraph ToolNode. */
export function createLangChainTools(
  shellgate: Shellgate,
  options: LangChainToolsOptions = {},
): StructuredTool[] {
  return shellgate.tools(options).map((definition) => new ShellgateLangChainTool(definition, options));
}
