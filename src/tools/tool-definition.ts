import type { z } from "zod";
import type {
  PresentableResult,
  ToolCallPresentation,
  ToolResultPresentation,
} from "../text/presentation/presentation.js";
import type { JsonSchema } from "./json-schema.js";

/** What a call carries besides its input: who is calling (an opaque session id) and a cancel signal. */
export interface ToolCallContext {
  /** The owning agent or session. Background tasks and managed processes are fenced by it. */
  readonly ownerId?: string;
  readonly signal?: AbortSignal;
  /**
   * The calling session's workspace, when sessions sharing one instance each have their own; a
   * relative model `workdir` resolves against it. Default: the instance's directory.
   */
  readonly cwd?: string;
}

/** A tool result: the model-facing text, whether it is an error, and the structured result. */
export interface ToolResult extends PresentableResult {
  readonly structured?: Readonly<Record<string, unknown>>;
}

/** MCP-style hints; a host uses them to decide what to confirm. */
export interface ToolAnnotations {
  readonly title?: string;
  readonly readOnlyHint: boolean;
  readonly destructiveHint: boolean;
  readonly idempotentHint: boolean;
  readonly openWorldHint: boolean;
}

/** One ready tool: hand `name`, `description` and `inputSchema` to the model, call `execute`. */
export interface ToolDefinition {
  readonly name: string;
  readonly description: string;
  /** JSON Schema generated from `schema`. */
  readonly inputSchema: JsonSchema;
  /** JSON Schema of `ToolResult.structured`, when the tool returns one. */
  readonly outputSchema?: JsonSchema;
  /** The zod schema the input is validated against (the single source of the JSON Schema). */
  readonly schema: z.ZodType;
  readonly annotations: ToolAnnotations;
  /** Never throws: invalid input, blocked commands and failures come back as `isError` results. */
  execute(input: unknown, context?: ToolCallContext): Promise<ToolResult>;
  presentCall(input: unknown): ToolCallPresentation;
  presentResult(input: unknown, result: PresentableResult): ToolResultPresentation;
}
