import { z } from "zod";
import {
  closeStdinField,
  commandField,
  cursorField,
  maxBytesField,
  processIdField,
  ptyField,
  questionIdsField,
  stdinField,
  timeoutSecondsField,
  waitMsField,
} from "./fields.js";

// The managed-process actions as separate tools (the MCP surface). Each is a strict object, so a
// follow-up cannot carry `command`, `timeout` or `run_in_background` at all.

export const processStartInputSchema = z.strictObject({
  command: commandField.describe("Bash command to start as a managed process."),
  timeout: timeoutSecondsField
    .describe("Maximum lifetime in seconds (1-3600); the configured timeout by default.")
    .optional(),
  pty: ptyField.optional(),
  question_ids: questionIdsField.optional(),
});

export const processReadInputSchema = z.strictObject({
  process_id: processIdField,
  cursor: cursorField.optional(),
  max_bytes: maxBytesField.optional(),
});

export const processWaitInputSchema = z.strictObject({
  process_id: processIdField,
  cursor: cursorField.optional(),
  max_bytes: maxBytesField.optional(),
  wait_ms: waitMsField.optional(),
});

export const processStatusInputSchema = z.strictObject({ process_id: processIdField });

export const processWriteInputSchema = z
  .strictObject({
    process_id: processIdField,
    stdin: stdinField.optional(),
    close_stdin: closeStdinField.optional(),
  })
  .refine((input) => input.stdin !== undefined || input.close_stdin !== undefined, {
    path: ["stdin"],
    message: "or close_stdin is required",
  });

export const processTerminateInputSchema = z.strictObject({ process_id: processIdField });

export const processListInputSchema = z.strictObject({});

export type ProcessStartInput = z.output<typeof processStartInputSchema>;
export type ProcessReadInput = z.output<typeof processReadInputSchema>;
export type ProcessWaitInput = z.output<typeof processWaitInputSchema>;
export type ProcessStatusInput = z.output<typeof processStatusInputSchema>;
export type ProcessWriteInput = z.output<typeof processWriteInputSchema>;
export type ProcessTerminateInput = z.output<typeof processTerminateInputSchema>;
export type ProcessListInput = z.output<typeof processListInputSchema>;
