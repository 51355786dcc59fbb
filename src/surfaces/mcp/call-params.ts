/** What a malformed `tools/call` got wrong, in one sentence; undefined when the shape is right. */
export function callParamsProblem(params: unknown): string | undefined {
  if (typeof params !== "object" || params === null || Array.isArray(params)) {
    return "Invalid tools/call parameters: params must be an object with the tool's name and its arguments.";
  }
  const { name, arguments: args } = params as { name?: unknown; arguments?: unknown };
  if (typeof name !== "string" || name === "") {
    return "Invalid tools/call parameters: 'name' must be the tool's name, a non-empty string.";
  }
  if (args !== undefined && (typeof args !== "object" || args === null || Array.isArray(args))) {
    const got = args === null ? "null" : Array.isArray(args) ? "an array" : `a ${typeof args}`;
    return `Invalid tools/call parameters: 'arguments' must be an object of ${name}'s fields, got ${got}.`;
  }
  return undefined;
}

/** What a malformed `tools/list` got wrong, in one sentence; undefined when the shape is right. */
export function listParamsProblem(params: unknown): string | undefined {
  if (params === undefined) return undefined;
  if (typeof params !== "object" || params === null || Array.isArray(params)) {
    return "Invalid tools/list parameters: params must be an object (or left out).";
  }
  const { cursor } = params as { cursor?: unknown };
  if (cursor !== undefined && typeof cursor !== "string") {
    return "Invalid tools/list parameters: 'cursor' must be the string a previous page returned.";
  }
  return undefined;
}

/** A JSON-RPC error whose message goes out as written (the SDK's McpError prefixes its own code). */
export function protocolError(code: number, message: string): Error & { code: number } {
  return Object.assign(new Error(message), { code });
}
