import { describe, expect, it } from "vitest";
import {
  checkMessage,
  oversizedReply,
  parseErrorReply,
} from "../../../src/surfaces/mcp/malformed-message.js";

function replyOf(value: unknown): unknown {
  const checked = checkMessage(value);
  expect(checked.valid).toBe(false);
  return checked.valid ? undefined : checked.reply;
}

describe("checkMessage", () => {
  it("passes JSON-RPC messages through", () => {
    expect(checkMessage({ jsonrpc: "2.0", id: 1, method: "ping" }).valid).toBe(true);
    expect(checkMessage({ jsonrpc: "2.0", method: "notifications/initialized" }).valid).toBe(true);
    expect(checkMessage({ jsonrpc: "2.0", id: 1, result: {} }).valid).toBe(true);
  });

  it("answers each malformed request by its id with the JSON-RPC code for what is wrong", () => {
    expect(replyOf({ jsonrpc: "1.0", id: 2, method: "tools/list" })).toEqual({
      jsonrpc: "2.0",
      id: 2,
      error: { code: -32600, message: `Invalid request: 'jsonrpc' must be "2.0", got "1.0".` },
    });
    expect(replyOf({ id: "a", method: "tools/list" })).toMatchObject({ id: "a", error: { code: -32600 } });
    expect(replyOf({ jsonrpc: "2.0", id: 4, method: "tools/list", params: "x" })).toMatchObject({
      id: 4,
      error: {
        code: -32602,
        message: "Invalid params: 'tools/list' takes its params as an object, got a string.",
      },
    });
    expect(replyOf({ jsonrpc: "2.0", id: 5, method: 5 })).toMatchObject({ id: 5, error: { code: -32600 } });
    expect(replyOf({ jsonrpc: "2.0", id: 1.5, method: "ping" })).toMatchObject({
      id: 1.5,
      error: { code: -32600 },
    });
    expect(replyOf({ jsonrpc: "2.0", id: null, method: "ping" })).toEqual({
      jsonrpc: "2.0",
      error: { code: -32600, message: "Invalid request: 'id' must be a string or an integer." },
    });
  });

  it("answers a batch with one error per request in it, as an array", () => {
    const reply = replyOf([
      { jsonrpc: "2.0", id: 7, method: "tools/list" },
      { jsonrpc: "2.0", method: "notifications/initialized" },
      { jsonrpc: "2.0", id: "b", method: "ping" },
    ]);
    expect(Array.isArray(reply)).toBe(true);
    expect((reply as { id: unknown }[]).map((entry) => entry.id)).toEqual([7, "b"]);
    expect(replyOf([])).toMatchObject({ error: { code: -32600 } });
  });

  it("never answers a malformed notification or response", () => {
    expect(replyOf({ jsonrpc: "1.0", method: "notifications/initialized" })).toBeUndefined();
    expect(replyOf({ jsonrpc: "2.0", id: 3, result: "not an object" })).toBeUndefined();
    expect(replyOf([{ jsonrpc: "2.0", method: "notifications/x" }])).toBeUndefined();
  });

  it("words parse errors and oversized requests as one sentence each", () => {
    expect(parseErrorReply(9, "Unexpected end of JSON input")).toEqual({
      jsonrpc: "2.0",
      id: 9,
      error: {
        code: -32700,
        message: "Parse error: the message is not valid JSON (Unexpected end of JSON input).",
      },
    });
    expect(oversizedReply(undefined, 52_428_800, 10_485_760).error.message).toMatch(
      /^Request too large: 52428800 bytes exceed this server's limit of 10485760 bytes per message, so nothing was run;/,
    );
  });
});
