import { describe, expect, it } from "vitest";
import { duplicateKeyPath } from "../../src/config/duplicate-keys.js";

describe("duplicateKeyPath", () => {
  it("finds a key repeated at the top level or inside an object, by its path", () => {
    expect(duplicateKeyPath('{"timeout": 5, "safety_profile": "strict", "timeout": 9}')).toBe("timeout");
    expect(duplicateKeyPath('{"sandbox": {"mode": "required", "allow_write": [], "mode": "off"}}')).toBe(
      "sandbox.mode",
    );
    expect(duplicateKeyPath('{"a": [{"x": 1}, {"x": 2, "y": {}, "x": 3}]}')).toBe("a.1.x");
  });

  it("compares keys as JSON reads them, escapes decoded", () => {
    expect(duplicateKeyPath('{"mode": 1, "m\\u006fde": 2}')).toBe("mode");
  });

  it("accepts the same key in different objects, and strings that look like keys", () => {
    const text = JSON.stringify({
      sandbox: { mode: "auto" },
      safety_overrides: { allow: ['"mode": 1, "mode"'], block: ["{", "}", "[", ","] },
      allowed_commands: ["a:b", "c,d"],
      mode: "x",
    });
    expect(duplicateKeyPath(text)).toBeUndefined();
    expect(duplicateKeyPath(JSON.stringify([{ a: 1 }, { a: 2 }]))).toBeUndefined();
    expect(duplicateKeyPath(' {\n  "a" : {"b": true},\n  "b" : null , "c": -1.5e3 }\n')).toBeUndefined();
  });
});
