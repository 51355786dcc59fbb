import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { Protocol } from "@modelcontextprotocol/sdk/shared/protocol.js";
import { ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import type { jsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/types.js";
import { z } from "zod";
import type { ToolDefinition } from "../../tools/tool-definition.js";
import { callParamsProblem, listParamsProblem, protocolError } from "./call-params.js";
import { callResult } from "./call-result.js";
import { mcpTools } from "./mcp-tools.js";
import { progressReporter } from "./progress-reporter.js";
import { listedTool } from "./tool-listing.js";

// Any params get through to the handler, which answers a malformed call with one sentence; the
// SDK's own parse would answer with a raw validation dump (as an internal error, at that).
const anyToolCall = z.looseObject({ method: z.literal("tools/call"), params: z.unknown() });
const anyToolList = z.looseObject({ method: z.literal("tools/list"), params: z.unknown().optional() });

// The SDK's default validator is Ajv, which only checks elicitation replies (shellgate never asks
// for them). Ajv with its formats and URI parser is ~240 KB of code to parse and compiles its
// meta-schemas on construction, on the way to the first answer; so it is imported when
// elicitInput is first called, which is the SDK's one use of it (scripts/bundle.mjs leaves the
// SDK's own static import of it out of the bundle).
let validator: jsonSchemaValidator | undefined;
const validatorOnceLoaded: jsonSchemaValidator = {
  getValidator(schema) {
    if (!validator) throw new Error("the JSON Schema validator loads with the first elicitInput call");
    return validator.getValidator(schema);
  },
};
async function loadValidator(): Promise<void> {
  const { AjvJsonSchemaValidator } = await import("@modelcontextprotocol/sdk/validation/ajv-provider.js");
  validator ??= new AjvJsonSchemaValidator();
}

export interface McpServerOptions {
  readonly name?: string;
  readonly version: string;
  /** The one owner of everything this connection starts. */
  readonly ownerId: string;
  readonly instructions?: string;
  /**
   * How often a long foreground command's latest output lines go to a client that sent a
   * `progressToken` (only when new output arrived). Default 1000 ms.
   */
  readonly progressIntervalMs?: number;
}

/**
 * An MCP server over the given tools. The low-level `Server` is used rather than `McpServer` so
 * the published schemas and the validation messages are shellgate's own, generated once from zod,
 * identical to what the library API hands out.
 */
export function createMcpServer(libraryTools: readonly ToolDefinition[], options: McpServerOptions): Server {
  const tools = mcpTools(libraryTools);
  const progressEvery = options.progressIntervalMs ?? 1000;
  const server = new Server(
    { name: options.name ?? "shellgate", version: options.version },
    {
      capabilities: { tools: {} },
      jsonSchemaValidator: validatorOnceLoaded,
      ...(options.instructions ? { instructions: options.instructions } : {}),
    },
  );
  const elicit = server.elicitInput.bind(server);
  server.elicitInput = async (...args: Parameters<Server["elicitInput"]>) => {
    await loadValidator();
    return elicit(...args);
  };
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  // On the protocol layer too: Server's own parse answers bad params with an internal error and a dump.
  Protocol.prototype.setRequestHandler.call(server, anyToolList, async (request) => {
    const problem = listParamsProblem(request.params);
    if (problem) throw protocolError(ErrorCode.InvalidParams, problem);
    return { tools: tools.map(listedTool) };
  });
  // Registered on the protocol layer, past Server's wrapper, whose request parse is the dump above.
  Protocol.prototype.setRequestHandler.call(server, anyToolCall, async (request, extra) => {
    const problem = callParamsProblem(request.params);
    if (problem) throw protocolError(ErrorCode.InvalidParams, problem);
    const params = request.params as { name: string; arguments?: Record<string, unknown> };
    const tool = byName.get(params.name);
    if (!tool) {
      const known = [...byName.keys()].join(", ");
      throw protocolError(ErrorCode.InvalidParams, `Unknown tool '${params.name}'; the tools are ${known}.`);
    }
    const progressToken = (params as { _meta?: { progressToken?: unknown } })._meta?.progressToken;
    const progress =
      typeof progressToken === "string" || typeof progressToken === "number"
        ? progressReporter(
            progressToken,
            (notification) => extra.sendNotification(notification),
            progressEvery,
          )
        : undefined;
    try {
      const result = await tool.execute(params.arguments ?? {}, {
        ownerId: options.ownerId,
        signal: extra.signal,
        ...(progress ? { onOutput: progress.onOutput } : {}),
      });
      return callResult(result);
    } finally {
      progress?.stop();
    }
  });
  return server;
}
