import { z } from "zod";

// Field schemas shared by the tool shapes, so one limit is written once and both shapes agree.

const STDIN_MAX_BYTES = 65_536;

export const commandField = z
  .string()
  .min(1)
  .refine((text) => text.trim().length > 0, { message: "must not be only whitespace" });

export const timeoutSecondsField = z.number().int().min(1).max(3600);

export const runInBackgroundField = z.boolean();

export const taskIdField = z.string().min(1);

export const processIdField = z.string().min(1).describe("Opaque process id returned by start; never a PID.");

export const cursorField = z
  .number()
  .int()
  .min(0)
  .describe("Chunk sequence number to read from (next_cursor of the previous page); default 0.");

export const maxBytesField = z
  .number()
  .int()
  .min(4096)
  .max(100_000)
  .describe("Budget of raw source bytes for this page (4096-100000, default 16384).");

export const waitMsField = z
  .number()
  .int()
  .min(0)
  .max(60_000)
  .describe(
    "How long to wait for new output or completion (0-60000 ms, default 1000). Expiry never cancels.",
  );

export const ptyField = z
  .boolean()
  .describe("Give the process a real terminal; requires the host's managed_pty option.");

export const questionIdsField = z
  .array(z.string().min(1).max(200))
  .max(32)
  .refine((ids) => new Set(ids).size === ids.length, { message: "must not repeat an id" })
  .meta({ uniqueItems: true })
  .describe("Ids of answered questions this start depends on; the host must confirm exactly these.");

export const stdinField = z
  .string()
  .max(STDIN_MAX_BYTES)
  .refine((text) => Buffer.byteLength(text, "utf8") <= STDIN_MAX_BYTES, {
    message: `must be at most ${STDIN_MAX_BYTES} UTF-8 bytes`,
  })
  .describe("Text to write to the process's input (at most 65536 UTF-8 bytes); needs host permission.");

export const closeStdinField = z.boolean().describe("Close the process's input (end-of-file) after writing.");
