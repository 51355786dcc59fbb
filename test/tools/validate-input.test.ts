import { describe, expect, it } from "vitest";
import { mcpBashInputSchema } from "../../src/surfaces/mcp/mcp-tools.js";
import {
  amplifierBashInputSchema,
  amplifierManagedBashInputSchema,
} from "../../src/tools/schemas/amplifier-bash.js";
import { bashKillInputSchema } from "../../src/tools/schemas/bash-kill.js";
import { bashOutputInputSchema } from "../../src/tools/schemas/bash-output.js";
import { bashInputSchema } from "../../src/tools/schemas/dsh-bash.js";
import { processStartInputSchema, processWriteInputSchema } from "../../src/tools/schemas/process-tools.js";
import { validateToolInput } from "../../src/tools/validate-input.js";

function messageOf(schema: Parameters<typeof validateToolInput>[1], input: unknown, tool = "bash"): string {
  const result = validateToolInput(tool, schema, input);
  if (result.ok) throw new Error("expected the input to be rejected");
  return result.message;
}

describe("validateToolInput", () => {
  it("takes null for an optional field as not given, as strict structured-output clients send it", () => {
    const result = validateToolInput("bash", mcpBashInputSchema, {
      command: "ls",
      description: null,
      timeoutMs: null,
      workdir: null,
      run_in_background: null,
    });
    expect(result).toEqual({ ok: true, value: { command: "ls" } });
    expect(validateToolInput("bash", amplifierBashInputSchema, { command: "ls", timeout: null })).toEqual({
      ok: true,
      value: { command: "ls" },
    });
  });

  it("reads the managed shape's null fields as absent, so a follow-up is not refused for them", () => {
    const result = validateToolInput("bash", amplifierManagedBashInputSchema, {
      action: "read",
      process_id: "p1",
      command: null,
      timeout: null,
      run_in_background: null,
      pty: null,
      stdin: null,
    });
    expect(result.ok).toBe(true);
  });

  it("still refuses null for a required field", () => {
    expect(messageOf(bashInputSchema, { command: null, description: "x" })).toMatch(/field 'command'/);
    expect(messageOf(bashInputSchema, { command: "ls", description: null })).toMatch(/field 'description'/);
  });

  it("returns the parsed value for a good input", () => {
    const result = validateToolInput("bash", bashInputSchema, { command: "ls", description: "List files" });
    expect(result).toEqual({ ok: true, value: { command: "ls", description: "List files" } });
  });

  it("names a missing required field and its type", () => {
    expect(messageOf(bashInputSchema, { description: "List files" })).toBe(
      "Invalid bash input: field 'command' is required (a string).",
    );
  });

  it("names an unknown field and the known ones", () => {
    expect(messageOf(bashInputSchema, { command: "ls", description: "List", cwd: "/tmp" })).toBe(
      "Invalid bash input: unknown field 'cwd'; known: command, description, timeoutMs, workdir, run_in_background.",
    );
  });

  it("refuses a whitespace-only command", () => {
    expect(messageOf(bashInputSchema, { command: "  ", description: "x" })).toBe(
      "Invalid bash input: field 'command' must not be only whitespace.",
    );
  });

  it("refuses a non-positive timeoutMs", () => {
    expect(messageOf(bashInputSchema, { command: "ls", description: "x", timeoutMs: -1 })).toBe(
      "Invalid bash input: field 'timeoutMs' must be more than 0, got -1.",
    );
  });

  it("gives the milliseconds hint for a timeout over 3600 that is a multiple of 1000", () => {
    expect(messageOf(amplifierBashInputSchema, { command: "make", timeout: 120000 })).toBe(
      "Invalid bash input: field 'timeout' must be at most 3600, got 120000; it looks like you passed milliseconds; did you mean 120 seconds?",
    );
  });

  it("gives no hint when the value is not a multiple of 1000", () => {
    expect(messageOf(amplifierBashInputSchema, { command: "make", timeout: 4000.5 })).toBe(
      "Invalid bash input: field 'timeout' must be an integer, got 4000.5.",
    );
    expect(messageOf(amplifierBashInputSchema, { command: "make", timeout: 3601 })).toBe(
      "Invalid bash input: field 'timeout' must be at most 3600, got 3601.",
    );
  });

  it("counts further problems without listing them", () => {
    expect(messageOf(bashInputSchema, {})).toBe(
      "Invalid bash input: field 'command' is required (a string) (and 1 more problem).",
    );
  });

  it("refuses an empty task id", () => {
    expect(messageOf(bashOutputInputSchema, { task_id: "" }, "bash_output")).toBe(
      "Invalid bash_output input: field 'task_id' must not be empty.",
    );
    expect(messageOf(bashKillInputSchema, {}, "bash_kill")).toBe(
      "Invalid bash_kill input: field 'task_id' is required (a string).",
    );
  });

  it("treats a missing input as an empty object", () => {
    expect(messageOf(bashKillInputSchema, undefined, "bash_kill")).toBe(
      "Invalid bash_kill input: field 'task_id' is required (a string).",
    );
  });
});

describe("the managed bash shape", () => {
  it("defaults the action to run", () => {
    const result = validateToolInput("bash", amplifierManagedBashInputSchema, { command: "ls" });
    expect(result.ok && result.value.action).toBe("run");
  });

  it("refuses command on a follow-up, naming the anti-spoofing rule", () => {
    expect(
      messageOf(amplifierManagedBashInputSchema, { action: "read", process_id: "p1", command: "ls" }),
    ).toBe(
      "Invalid bash input: field 'command' is not valid for action 'read': command, timeout and run_in_background are not valid for process follow-ups.",
    );
  });

  it("requires a process_id for follow-ups and a command for start", () => {
    expect(messageOf(amplifierManagedBashInputSchema, { action: "status" })).toBe(
      "Invalid bash input: field 'process_id' is required for action 'status' (the process_id that start returned).",
    );
    expect(messageOf(amplifierManagedBashInputSchema, { action: "start" })).toBe(
      "Invalid bash input: field 'command' is required for action 'start'.",
    );
  });

  it("names which action a misplaced field belongs to", () => {
    expect(messageOf(amplifierManagedBashInputSchema, { action: "read", process_id: "p", wait_ms: 5 })).toBe(
      "Invalid bash input: field 'wait_ms' is not valid for action 'read'; it belongs to action 'wait'.",
    );
  });

  it("names the allowed actions for an unknown one", () => {
    expect(messageOf(amplifierManagedBashInputSchema, { action: "kill", process_id: "p" })).toBe(
      `Invalid bash input: field 'action' is "kill"; allowed values: "run", "start", "read", "write", "wait", "status", "terminate", "list".`,
    );
  });

  it("needs stdin or close_stdin for write", () => {
    expect(messageOf(amplifierManagedBashInputSchema, { action: "write", process_id: "p" })).toBe(
      "Invalid bash input: field 'stdin' or close_stdin is required for action 'write'.",
    );
  });

  it("checks wait_ms, max_bytes and cursor ranges", () => {
    expect(
      messageOf(amplifierManagedBashInputSchema, { action: "wait", process_id: "p", wait_ms: 60001 }),
    ).toBe("Invalid bash input: field 'wait_ms' must be at most 60000, got 60001.");
    expect(
      messageOf(amplifierManagedBashInputSchema, { action: "read", process_id: "p", max_bytes: 10 }),
    ).toBe("Invalid bash input: field 'max_bytes' must be at least 4096, got 10.");
    expect(messageOf(amplifierManagedBashInputSchema, { action: "read", process_id: "p", cursor: -1 })).toBe(
      "Invalid bash input: field 'cursor' must be at least 0, got -1.",
    );
  });
});

describe("the process tools", () => {
  it("refuse a command on a follow-up by the strict shape", () => {
    expect(
      messageOf(
        processWriteInputSchema,
        { process_id: "p", close_stdin: true, command: "ls" },
        "process_write",
      ),
    ).toMatch(
      /^Invalid process_write input: unknown field 'command'; known: process_id, stdin, close_stdin\.$/,
    );
  });

  it("count stdin in UTF-8 bytes, not characters", () => {
    const stdin = "é".repeat(40_000);
    expect(messageOf(processWriteInputSchema, { process_id: "p", stdin }, "process_write")).toBe(
      "Invalid process_write input: field 'stdin' must be at most 65536 UTF-8 bytes.",
    );
  });

  it("refuse repeated question ids", () => {
    expect(
      messageOf(processStartInputSchema, { command: "make", question_ids: ["q1", "q1"] }, "process_start"),
    ).toBe("Invalid process_start input: field 'question_ids' must not repeat an id.");
  });
});
