import { describe, expect, it } from "vitest";
import { ConfigError } from "../../src/config/config-error.js";
import { parseConfig } from "../../src/config/parse-config.js";

function messageOf(input: unknown): string {
  try {
    parseConfig(input);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected a ConfigError");
}

describe("parseConfig", () => {
  it("fills the defaults of the reference module", () => {
    const config = parseConfig({});
    expect(config.timeout).toBe(30);
    expect(config.safety_profile).toBe("strict");
    expect(config.require_approval).toBe(false);
    expect(config.managed_processes).toBe(false);
    expect(config.managed_max_output_bytes).toBe(100_000);
    expect(config.managed_max_processes).toBe(32);
  });

  it("names an unknown key and lists the known ones", () => {
    const message = messageOf({ timeuot: 10 });
    expect(message).toMatch(/^unknown config key 'timeuot'; known: working_dir, timeout, /);
  });

  it("names an unknown key inside safety_overrides with that object's keys", () => {
    expect(messageOf({ safety_overrides: { allow: [], deny: [] } })).toBe(
      "unknown config key 'deny' in 'safety_overrides'; known: allow, block",
    );
  });

  it("names a bad profile and the allowed values", () => {
    expect(messageOf({ safety_profile: "lax" })).toBe(
      `config key 'safety_profile' is "lax"; allowed values: "strict", "standard", "permissive", "unrestricted"`,
    );
  });

  it("passes windows_shell on as written: the resolver is case-insensitive and warns on unknown values", () => {
    expect(parseConfig({ windows_shell: "WSL" }).windows_shell).toBe("WSL");
    expect(parseConfig({ windows_shell: "powershell" }).windows_shell).toBe("powershell");
    expect(messageOf({ windows_shell: 3 })).toBe("config key 'windows_shell' must be a string, got 3");
  });

  it("names a wrong type and what was expected", () => {
    expect(messageOf({ require_approval: "yes" })).toBe(
      `config key 'require_approval' must be true or false, got "yes"`,
    );
    expect(messageOf({ timeout: 2.5 })).toBe("config key 'timeout' must be an integer, got 2.5");
  });

  it("names a non-string pattern by its position", () => {
    expect(messageOf({ allowed_commands: ["git *", 3] })).toBe(
      "config key 'allowed_commands.1' must be a string, got 3",
    );
  });

  it("refuses an empty pattern", () => {
    expect(messageOf({ denied_commands: ["rm *", " "] })).toBe(
      "config key 'denied_commands.1' is an empty pattern; remove it",
    );
  });

  it("gives the milliseconds hint for a timeout that looks like milliseconds", () => {
    expect(messageOf({ timeout: 30000 })).toBe(
      "config key 'timeout' must be at most 3600, got 30000; it looks like you passed milliseconds; did you mean 30 seconds?",
    );
  });

  it("states the range for an out-of-range limit", () => {
    expect(messageOf({ managed_max_processes: 0 })).toBe(
      "config key 'managed_max_processes' must be at least 1, got 0",
    );
    expect(messageOf({ managed_max_output_bytes: 20_000_000 })).toBe(
      "config key 'managed_max_output_bytes' must be at most 10000000, got 20000000",
    );
  });

  it("reports every problem, not only the first", () => {
    const message = messageOf({ timeout: 0, safety_profile: "x" });
    expect(message).toContain("'timeout'");
    expect(message).toContain("'safety_profile'");
  });

  it("treats null as unset, at the top level and inside safety_overrides", () => {
    const config = parseConfig({
      timeout: null,
      bash_path: null,
      safety_overrides: { allow: null, block: ["x *"] },
    });
    expect(config.timeout).toBe(30);
    expect(config.bash_path).toBeUndefined();
    expect(config.safety_overrides).toEqual({ allow: [], block: ["x *"] });
  });

  it("allows a string $schema and names a $schema that is not one", () => {
    expect(parseConfig({ $schema: "https://example.test/shellgate.json" }).timeout).toBe(30);
    expect(messageOf({ $schema: 3 })).toContain("'$schema'");
  });
});
