import { describe, expect, it } from "vitest";
import { chooseSandboxMode } from "../../../src/execution/sandbox/sandbox-mode.js";

describe("chooseSandboxMode", () => {
  it("the flag wins over the environment, the environment over the config", () => {
    expect(chooseSandboxMode({ flag: "required", environment: "off", config: "auto" })).toEqual({
      ok: true,
      mode: "required",
      source: "flag",
    });
    expect(chooseSandboxMode({ environment: " AUTO ", config: "off" })).toEqual({
      ok: true,
      mode: "auto",
      source: "environment",
    });
    expect(chooseSandboxMode({ environment: "", config: "off" })).toEqual({
      ok: true,
      mode: "off",
      source: "config",
    });
  });

  it("a value that is not a mode is an error naming the modes, never a silent fallback", () => {
    const choice = chooseSandboxMode({ environment: "requierd", config: "off" });
    expect(choice).toEqual({
      ok: false,
      message: "SHELLGATE_SANDBOX must be one of off, auto, required, got 'requierd'",
    });
    expect(chooseSandboxMode({ flag: "on", config: "off" })).toMatchObject({ ok: false });
  });

  it("a config's required is a floor: neither the environment nor a flag lowers it, and the attempt is refused", () => {
    expect(chooseSandboxMode({ environment: "off", config: "required" })).toEqual({
      ok: false,
      message:
        'SHELLGATE_SANDBOX off cannot lower sandbox.mode "required" from the config, which only a change to the config can do',
    });
    expect(chooseSandboxMode({ flag: "auto", config: "required" })).toMatchObject({
      ok: false,
      message: expect.stringContaining('--sandbox auto cannot lower sandbox.mode "required"'),
    });
    expect(chooseSandboxMode({ flag: "required", environment: "off", config: "required" })).toEqual({
      ok: true,
      mode: "required",
      source: "flag",
    });
    // Raising is always allowed.
    expect(chooseSandboxMode({ environment: "required", config: "off" })).toMatchObject({ mode: "required" });
  });
});
