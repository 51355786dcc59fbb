import type { ToolCallContext, ToolsOptions } from "../../index.js";

/**
 * Options every framework adapter takes. `shape` picks the tool set as `shellgate.tools()` does;
 * `ownerId` names the session whose background tasks and managed processes these tools fence,
 * either fixed or read from the framework's own run context.
 */
export interface AdapterOptions<FrameworkContext> extends ToolsOptions {
  readonly ownerId?: string | ((context: FrameworkContext) => string | undefined);
}

function stringField(record: unknown, key: string): string | undefined {
  if (typeof record !== "object" || record === null) return undefined;
  const value = (record as Record<string, unknown>)[key];
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** The session id a framework's context object carries under the names hosts use for it. */
export function ownerInContext(context: unknown): string | undefined {
  return (
    stringField(context, "ownerId") ?? stringField(context, "sessionId") ?? stringField(context, "thread_id")
  );
}

/**
 * The call context shellgate receives: the owner from the option (fixed, or computed from the
 * framework context), else from the framework context itself, and the framework's abort signal.
 */
export function callContext<FrameworkContext>(
  options: AdapterOptions<FrameworkContext>,
  frameworkContext: FrameworkContext,
  fallbackOwner: unknown,
  signal: AbortSignal | undefined,
): ToolCallContext {
  const configured =
    typeof options.ownerId === "function" ? options.ownerId(frameworkContext) : options.ownerId;
  const ownerId = configured ?? ownerInContext(fallbackOwner);
  return { ...(ownerId ? { ownerId } : {}), ...(signal ? { signal } : {}) };
}
