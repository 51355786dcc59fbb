import { z } from "zod";
import {
  LIFETIME_SECONDS_MAX,
  LIFETIME_SECONDS_MIN,
  QUESTION_ID_MAX_LENGTH,
  QUESTION_IDS_MAX,
  READ_MAX_BYTES_DEFAULT,
  READ_MAX_BYTES_MAX,
  READ_MAX_BYTES_MIN,
  STDIN_MAX_BYTES,
  WAIT_MS_DEFAULT,
  WAIT_MS_MAX,
} from "../../managed/limits.js";

// Field schemas shared by the tool shapes, so one limit is written once and both shapes agree.
// The numbers come from the managed-process limits, the contract's single record of them.

export const commandField = z
  .string()
  .min(1)
  .refine((text) => text.trim().length > 0, { message: "must not be only whitespace" })
  .refine((text) => !text.includes("\0"), {
    message:
      "contains a NUL byte (\\0), which bash cannot receive in a command; remove it, or write the byte inside the command (printf '\\0')",
  });

export const timeoutSecondsField = z.number().int().min(LIFETIME_SECONDS_MIN).max(LIFETIME_SECONDS_MAX);

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
  .min(READ_MAX_BYTES_MIN)
  .max(READ_MAX_BYTES_MAX)
  .describe(
    `Budget of raw source bytes for this page (${READ_MAX_BYTES_MIN}-${READ_MAX_BYTES_MAX}, default ${READ_MAX_BYTES_DEFAULT}).`,
  );

export const waitMsField = z
  .number()
  .int()
  .min(0)
  .max(WAIT_MS_MAX)
  .describe(
    `How long to wait for new output or completion (0-${WAIT_MS_MAX} ms, default ${WAIT_MS_DEFAULT}). Expiry never cancels.`,
  );

export const ptyField = z
  .boolean()
  .describe("Give the process a real terminal; requires the host's managed_pty option.");

export const questionIdsField = z
  .array(z.string().min(1).max(QUESTION_ID_MAX_LENGTH))
  .max(QUESTION_IDS_MAX)
  .refine((ids) => new Set(ids).size === ids.length, { message: "must not repeat an id" })
  .meta({ uniqueItems: true })
  .describe("Ids of answered questions this start depends on; the host must confirm exactly these.");

export const stdinField = z
  .string()
  .max(STDIN_MAX_BYTES)
  .refine((text) => Buffer.byteLength(text, "utf8") <= STDIN_MAX_BYTES, {
    message: `must be at most ${STDIN_MAX_BYTES} UTF-8 bytes`,
  })
  .describe(
    `Text to write to the process's input (at most ${STDIN_MAX_BYTES} UTF-8 bytes); needs host permission.`,
  );

export const closeStdinField = z.boolean().describe("Close the process's input (end-of-file) after writing.");
