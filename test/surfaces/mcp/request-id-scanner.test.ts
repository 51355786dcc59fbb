import { describe, expect, it } from "vitest";
import { RequestIdScanner, recoverRequestId } from "../../../src/surfaces/mcp/request-id-scanner.js";

describe("RequestIdScanner", () => {
  it("finds the top-level id before or after the params, as a number or a string", () => {
    expect(recoverRequestId('{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{}}')).toBe(7);
    expect(
      recoverRequestId('{"method":"tools/call","params":{"a":[1,{"b":2}]},"jsonrpc":"2.0","id":"r-9"}'),
    ).toBe("r-9");
    expect(recoverRequestId('{ "id" : 12 , "method": "x"')).toBe(12);
  });

  it("ignores an id inside params and the word id inside strings", () => {
    const text = '{"method":"tools/call","params":{"id":1,"note":"\\"id\\":2,"},"x":"id","id":3}';
    expect(recoverRequestId(text)).toBe(3);
    expect(recoverRequestId('{"params":{"id":1},"method":"m"}')).toBeUndefined();
  });

  it("recovers the id of a truncated line, and none that is not complete or not a scalar", () => {
    expect(recoverRequestId('{"jsonrpc":"2.0","id":5,"method":"tools/list",')).toBe(5);
    expect(recoverRequestId('{"jsonrpc":"2.0","id":"abc')).toBeUndefined();
    expect(recoverRequestId('{"id":{"a":1},"method":"m"}')).toBeUndefined();
    expect(recoverRequestId("not json at all")).toBeUndefined();
  });

  it("gives the same answer however the bytes are split", () => {
    const text = Buffer.from(
      `{"method":"tools/call","params":{"command":"${"x".repeat(5000)}"},"id":"é-41"}`,
    );
    for (const size of [1, 3, 7, 4096]) {
      const scanner = new RequestIdScanner();
      for (let offset = 0; offset < text.length; offset += size)
        scanner.feed(text.subarray(offset, offset + size));
      expect(scanner.id, String(size)).toBe("é-41");
    }
  });
});
