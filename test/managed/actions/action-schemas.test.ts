import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  managedActionSchemas,
  readInputSchema,
  startInputSchema,
  waitInputSchema,
  writeInputSchema,
} from "../../../src/managed/actions/action-schemas.js";
import { parseActionInput } from "../../../src/managed/actions/parse-action-input.js";

describe("managed action schemas", () => {
  it("applies the read and wait defaults", () => {
    expect(readInputSchema.parse({ process_id: "p" })).toEqual({
      process_id: "p",
      cursor: 0,
      max_bytes: 16_384,
    });
    expect(waitInputSchema.parse({ process_id: "p" })).toMatchObject({ wait_ms: 1000 });
  });

  it.each(["read", "wait", "status", "write", "terminate", "list"] as const)(
    "%s rejects command, timeout, run_in_background, pty and question_ids",
    (action) => {
      const schema = managedActionSchemas[action];
      for (const key of ["command", "timeout", "run_in_background", "pty", "question_ids"]) {
        const input = { process_id: "p", close_stdin: true, [key]: key === "command" ? "echo safe" : 1 };
        expect(() => parseActionInput(schema, input)).toThrow(new RegExp(`${key}: `));
      }
      expect(() =>
        parseActionInput(schema, { process_id: "p", close_stdin: true, command: "echo safe" }),
      ).toThrow(/not valid for process follow-ups/);
    },
  );

  it("checks the numeric limits", () => {
    expect(readInputSchema.safeParse({ process_id: "p", max_bytes: 4095 }).success).toBe(false);
    expect(readInputSchema.safeParse({ process_id: "p", max_bytes: 100_001 }).success).toBe(false);
    expect(readInputSchema.safeParse({ process_id: "p", cursor: -1 }).success).toBe(false);
    expect(waitInputSchema.safeParse({ process_id: "p", wait_ms: 60_001 }).success).toBe(false);
    expect(startInputSchema.safeParse({ command: "x", timeout: 0 }).success).toBe(false);
    expect(startInputSchema.safeParse({ command: "x", timeout: 3600 }).success).toBe(true);
  });

  it("hints at milliseconds for a lifetime that looks like them", () => {
    expect(() => parseActionInput(startInputSchema, { command: "x", timeout: 300_000 })).toThrow(
      /did you mean 300 seconds\?/,
    );
  });

  it("bounds question ids and stdin", () => {
    const ids = Array.from({ length: 33 }, (_, index) => `q${index}`);
    expect(startInputSchema.safeParse({ command: "x", question_ids: ids }).success).toBe(false);
    expect(startInputSchema.safeParse({ command: "x", question_ids: ["a", "a"] }).success).toBe(false);
    expect(startInputSchema.safeParse({ command: "x", question_ids: [""] }).success).toBe(false);
    expect(startInputSchema.safeParse({ command: "x", question_ids: ids.slice(0, 32) }).success).toBe(true);
    expect(writeInputSchema.safeParse({ process_id: "p", stdin: "€".repeat(21_845) }).success).toBe(true);
    expect(writeInputSchema.safeParse({ process_id: "p", stdin: "€".repeat(21_846) }).success).toBe(false);
    expect(() => parseActionInput(writeInputSchema, { process_id: "p" })).toThrow(/needs stdin, close_stdin/);
  });

  it("start rejects stdin and run_in_background and a blank command", () => {
    expect(() => parseActionInput(startInputSchema, { command: "x", run_in_background: true })).toThrow(
      /run_in_background/,
    );
    expect(() => parseActionInput(startInputSchema, { command: "x", stdin: "y" })).toThrow(/stdin/);
    expect(() => parseActionInput(startInputSchema, { command: "  " })).toThrow(/command is required/);
  });

  it("derives a JSON Schema for the tool layer", () => {
    const schema = z.toJSONSchema(waitInputSchema, { io: "input" }) as {
      properties: Record<string, unknown>;
    };
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(["process_id", "cursor", "max_bytes", "wait_ms"]),
    );
  });
});
