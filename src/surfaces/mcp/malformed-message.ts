import {
  ErrorCode,
  type JSONRPCErrorResponse,
  JSONRPCMessageSchema,
} from "@modelcontextprotocol/sdk/types.js";

/**
 * The answer to a message the protocol layer never sees: JSON-RPC says every request gets a
 * response, and a client whose request vanished waits for it until its own timeout. Pure: the
 * message (as parsed, or the reason it did not parse) in, the error response out — or none, for a
 * notification or a response, which are never answered.
 */

/** The id to answer with: as the request gave it when it is a string or a number, else none. */
function answerableId(value: unknown): string | number | undefined {
  return typeof value === "string" || (typeof value === "number" && Number.isFinite(value))
    ? value
    : undefined;
}

function errorResponse(id: string | number | undefined, code: number, message: string): JSONRPCErrorResponse {
  // Without a usable id the error goes out with none (MCP's schema allows that for this case).
  return {
    jsonrpc: "2.0",
    ...(id === undefined ? {} : { id }),
    error: { code, message },
  } as JSONRPCErrorResponse;
}

function kind(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/** A text that is not JSON at all; `id` is what a scan of the text recovered. */
export function parseErrorReply(id: string | number | undefined, reason: string): JSONRPCErrorResponse {
  return errorResponse(id, ErrorCode.ParseError, `Parse error: the message is not valid JSON (${reason}).`);
}

/** A line longer than the server reads; `id` is what a scan of it recovered. */
export function oversizedReply(
  id: string | number | undefined,
  bytes: number,
  limit: number,
): JSONRPCErrorResponse {
  return errorResponse(
    id,
    ErrorCode.InvalidRequest,
    `Request too large: ${bytes} bytes exceed this server's limit of ${limit} bytes per message, so nothing was run; send less (put large input in a file and pass its path).`,
  );
}

function looksLikeRequest(message: Record<string, unknown>): boolean {
  return "id" in message && ("method" in message || !("result" in message || "error" in message));
}

function requestProblem(message: Record<string, unknown>): { code: number; text: string } {
  if (message.jsonrpc !== "2.0") {
    return {
      code: ErrorCode.InvalidRequest,
      text: `Invalid request: 'jsonrpc' must be "2.0", got ${message.jsonrpc === undefined ? "none" : JSON.stringify(message.jsonrpc)}.`,
    };
  }
  if (typeof message.method !== "string") {
    return { code: ErrorCode.InvalidRequest, text: "Invalid request: 'method' must be a string." };
  }
  if (!(typeof message.id === "string" || Number.isInteger(message.id))) {
    return { code: ErrorCode.InvalidRequest, text: "Invalid request: 'id' must be a string or an integer." };
  }
  const params = message.params;
  if (params !== undefined && (typeof params !== "object" || params === null || Array.isArray(params))) {
    return {
      code: ErrorCode.InvalidParams,
      text: `Invalid params: '${message.method}' takes its params as an object, got ${kind(params)}.`,
    };
  }
  return {
    code: ErrorCode.InvalidRequest,
    text: "Invalid request: it has fields a JSON-RPC request may not have (only jsonrpc, id, method and params).",
  };
}

export type MessageCheck =
  | { readonly valid: true; readonly message: import("@modelcontextprotocol/sdk/types.js").JSONRPCMessage }
  | {
      readonly valid: false;
      /** The reply to send (an array for a batch); undefined when the message was not a request. */
      readonly reply?: JSONRPCErrorResponse | JSONRPCErrorResponse[];
      /** One sentence for the server's log. */
      readonly problem: string;
    };

/** Checks one parsed message: a JSON-RPC message passes, anything else gets its reply. */
export function checkMessage(value: unknown): MessageCheck {
  if (Array.isArray(value)) {
    const text =
      "Invalid request: batches are not supported (MCP removed JSON-RPC batching); send each request as its own message.";
    const replies = value
      .filter((item) => typeof item === "object" && item !== null && "id" in item && "method" in item)
      .map((item) =>
        errorResponse(answerableId((item as { id: unknown }).id), ErrorCode.InvalidRequest, text),
      );
    return {
      valid: false,
      problem: text,
      ...(replies.length > 0 || value.length === 0
        ? { reply: replies.length > 0 ? replies : errorResponse(undefined, ErrorCode.InvalidRequest, text) }
        : {}),
    };
  }
  const parsed = JSONRPCMessageSchema.safeParse(value);
  if (parsed.success) return { valid: true, message: parsed.data };
  if (typeof value !== "object" || value === null) {
    const text = `Invalid request: a message must be a JSON object, got ${kind(value)}.`;
    return { valid: false, problem: text, reply: errorResponse(undefined, ErrorCode.InvalidRequest, text) };
  }
  const message = value as Record<string, unknown>;
  const { code, text } = requestProblem(message);
  if (!looksLikeRequest(message)) return { valid: false, problem: text };
  return { valid: false, problem: text, reply: errorResponse(answerableId(message.id), code, text) };
}
