import { describe, expect, it } from "vitest";
import {
  type CrossSpawnDecision,
  pinCommandInterpreter,
} from "../../../src/execution/spawn/cross-spawn-steps.js";

const SYSTEM_CMD = "C:\\Windows\\System32\\cmd.exe";

describe("pinCommandInterpreter", () => {
  it("starts a batch file cross-spawn wrapped through the system's cmd.exe, not a bare name", () => {
    // What cross-spawn decides for a .cmd shim when this process has no ComSpec.
    const wrapped: CrossSpawnDecision = {
      command: "cmd.exe",
      args: ["/d", "/s", "/c", '"C:\\tools\\npx.cmd ^"x^""'],
      options: { cwd: "C:\\repo", windowsVerbatimArguments: true },
    };
    expect(pinCommandInterpreter(wrapped, { cwd: "C:\\repo" }, SYSTEM_CMD)).toEqual({
      ...wrapped,
      command: SYSTEM_CMD,
    });
  });

  it("leaves an unwrapped program, and a line the caller made verbatim itself, as decided", () => {
    const direct: CrossSpawnDecision = { command: "C:\\tools\\node.exe", args: ["a"], options: {} };
    expect(pinCommandInterpreter(direct, {}, SYSTEM_CMD)).toBe(direct);
    const own: CrossSpawnDecision = {
      command: "C:\\tools\\x.exe",
      args: ["a b"],
      options: { windowsVerbatimArguments: true },
    };
    expect(pinCommandInterpreter(own, { windowsVerbatimArguments: true }, SYSTEM_CMD)).toBe(own);
  });
});
