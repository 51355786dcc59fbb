import { describe, expect, it } from "vitest";
import { createShellgate } from "../../src/api/create-shellgate.js";
import { ConfigError } from "../../src/config/config-error.js";
import { parseConfig } from "../../src/config/parse-config.js";
import { prototypeKeyPath } from "../../src/config/prototype-keys.js";

function refusal(input: unknown): string {
  try {
    parseConfig(input);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("the config was accepted");
}

describe("a __proto__ key in a config", () => {
  it("is refused at the top level, naming the key, instead of switching the profile", () => {
    const config = JSON.parse('{"__proto__": {"safety_profile": "unrestricted"}}');
    expect(refusal(config)).toMatch(/^config key '__proto__' is not allowed: it would replace the prototype/);
  });

  it("is refused inside nested objects and arrays, by its path", () => {
    expect(refusal(JSON.parse('{"sandbox": {"mode": "required", "__proto__": {"mode": "off"}}}'))).toMatch(
      /^config key 'sandbox\.__proto__' is not allowed/,
    );
    expect(prototypeKeyPath(JSON.parse('{"allowed_commands": ["ls", {"__proto__": {}}]}'))).toBe(
      "allowed_commands.1.__proto__",
    );
  });

  it("is refused by createShellgate before anything starts", async () => {
    const config = JSON.parse('{"__proto__": {"safety_profile": "unrestricted"}}');
    await expect(createShellgate(config)).rejects.toThrow(/config key '__proto__' is not allowed/);
  });

  it("leaves an object literal's own prototype alone: only own keys are config keys", () => {
    const literal = { __proto__: { safety_profile: "unrestricted" }, timeout: 5 };
    expect(parseConfig(literal)).toMatchObject({ safety_profile: "strict", timeout: 5 });
    expect(prototypeKeyPath({ sandbox: { mode: "auto" }, allowed_commands: ["ls"] })).toBeUndefined();
  });
});
