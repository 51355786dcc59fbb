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
} from "../limits.js";

// One schema per managed action: each field is written here once, with its limits, its error and
// its description. The process manager's schemas below, the `process_*` tool schemas and the
// reference module's `action` superset (src/tools/schemas) are all derived from these shapes.

const processId = z
  .string({ error: "process_id is required: use the process_id returned by start or list" })
  .min(1, { error: "process_id is required: use the process_id returned by start or list" })
  .describe("Opaque process id returned by start; never a PID.");

const cursor = z
  .number({ error: "cursor must be a whole number: use next_cursor from the previous page, or 0" })
  .int({ error: "cursor must be a whole number: use next_cursor from the previous page, or 0" })
  .min(0, { error: "cursor must be 0 or more: use next_cursor from the previous page" })
  .describe("Chunk sequence number to read from (next_cursor of the previous page); default 0.");

const maxBytes = z
  .number()
  .int()
  .min(READ_MAX_BYTES_MIN, { error: `max_bytes must be at least ${READ_MAX_BYTES_MIN}` })
  .max(READ_MAX_BYTES_MAX, { error: `max_bytes must be at most ${READ_MAX_BYTES_MAX}` })
  .describe(
    `Budget of raw source bytes for this page (${READ_MAX_BYTES_MIN}-${READ_MAX_BYTES_MAX}, default ${READ_MAX_BYTES_DEFAULT}).`,
  );

const waitMs = z
  .number()
  .int()
  .min(0, { error: "wait_ms must be 0 or more" })
  .max(WAIT_MS_MAX, { error: `wait_ms must be at most ${WAIT_MS_MAX}; waiting again is harmless` })
  .describe(
    `How long to wait for new output or completion (0-${WAIT_MS_MAX} ms, default ${WAIT_MS_DEFAULT}). Expiry never cancels.`,
  );

const startCommand = z
  .string({ error: "command is required for start" })
  .min(1, { error: "command is required for start" })
  .refine((value) => value.trim().length > 0, {
    error: "must not be only whitespace: command is required for start",
  })
  .describe("Bash command to start as a managed process.");

const lifetime = z
  .number({ error: "timeout is the maximum process lifetime in whole seconds (1–3600)" })
  .int({ error: "timeout is the maximum process lifetime in whole seconds (1–3600)" })
  .min(LIFETIME_SECONDS_MIN, {
    error: "timeout is the maximum process lifetime in seconds; the minimum is 1",
  })
  .max(LIFETIME_SECONDS_MAX, {
    error: (issue) => {
      const value = Number(issue.input);
      const seconds = value / 1000;
      const hint =
        Number.isInteger(seconds) && seconds >= LIFETIME_SECONDS_MIN && seconds <= LIFETIME_SECONDS_MAX
          ? ` It looks like you passed milliseconds; did you mean ${seconds} seconds?`
          : "";
      return `timeout is the maximum process lifetime in seconds; the maximum is ${LIFETIME_SECONDS_MAX}.${hint}`;
    },
  })
  .describe("Maximum lifetime in seconds (1-3600); the configured timeout by default.");

const pty = z.boolean().describe("Give the process a real terminal; requires the host's managed_pty option.");

const questionIds = z
  .array(
    z
      .string()
      .min(1, { error: "question_ids entries must be non-empty strings" })
      .max(QUESTION_ID_MAX_LENGTH, {
        error: `question_ids entries must be at most ${QUESTION_ID_MAX_LENGTH} characters`,
      }),
  )
  .max(QUESTION_IDS_MAX, { error: `question_ids holds at most ${QUESTION_IDS_MAX} ids` })
  .refine((ids) => new Set(ids).size === ids.length, { error: "must not repeat an id" })
  .meta({ uniqueItems: true })
  .describe("Ids of answered questions this start depends on; the host must confirm exactly these.");

const stdinTooLong = `must be at most ${STDIN_MAX_BYTES} UTF-8 bytes`;
const stdin = z
  .string()
  .max(STDIN_MAX_BYTES, { error: stdinTooLong, abort: true })
  .refine((text) => Buffer.byteLength(text, "utf8") <= STDIN_MAX_BYTES, { error: stdinTooLong })
  .describe(
    `Text to write to the process's input (at most ${STDIN_MAX_BYTES} UTF-8 bytes); needs host permission.`,
  );

const closeStdin = z.boolean().describe("Close the process's input (end-of-file) after writing.");

/** The fields each managed action takes, in the order the actions are listed to the model. */
export const managedActionFields = {
  start: {
    command: startCommand,
    timeout: lifetime.optional(),
    pty: pty.optional(),
    question_ids: questionIds.optional(),
  },
  read: { process_id: processId, cursor: cursor.optional(), max_bytes: maxBytes.optional() },
  write: { process_id: processId, stdin: stdin.optional(), close_stdin: closeStdin.optional() },
  wait: {
    process_id: processId,
    cursor: cursor.optional(),
    max_bytes: maxBytes.optional(),
    wait_ms: waitMs.optional(),
  },
  status: { process_id: processId },
  terminate: { process_id: processId },
  list: {},
} as const;

export type ProcessAction = keyof typeof managedActionFields;

/** A write must carry something to do; one rule for every surface that takes a write. */
export function writeHasInput(input: {
  stdin?: string | undefined;
  close_stdin?: boolean | undefined;
}): boolean {
  return input.stdin !== undefined || input.close_stdin === true;
}

export const WRITE_NEEDS_INPUT = "write needs stdin, close_stdin: true, or both";

// What the process manager adds to each shape: the action tag the `bash` tool's `action` field
// carries, the defaults it applies, and the keys a follow-up must never carry.

const FOLLOW_UP_REJECTION =
  "command, timeout and run_in_background are not valid for process follow-ups; start a new process with action=start instead";

/**
 * Keys a follow-up must never carry: an innocuous `command` could otherwise make a follow-up match
 * a command-based auto-approval rule. Declared (as never) rather than left to strictness so the
 * error names the reason.
 */
const followUpRejections = {
  command: z.never({ error: FOLLOW_UP_REJECTION }).optional(),
  timeout: z.never({ error: FOLLOW_UP_REJECTION }).optional(),
  run_in_background: z.never({ error: FOLLOW_UP_REJECTION }).optional(),
  pty: z.never({ error: "pty is chosen at start and cannot change on a follow-up" }).optional(),
  question_ids: z.never({ error: "question_ids are admitted at start only" }).optional(),
};

const pageDefaults = {
  cursor: cursor.default(0),
  max_bytes: maxBytes.default(READ_MAX_BYTES_DEFAULT),
};

export const startInputSchema = z.strictObject({
  action: z.literal("start").optional(),
  ...managedActionFields.start,
  run_in_background: z
    .never({
      error:
        "run_in_background is not valid with action=start: a managed process already runs in the background",
    })
    .optional(),
  stdin: z.never({ error: "stdin is sent with action=write after start" }).optional(),
  close_stdin: z.never({ error: "close_stdin is sent with action=write after start" }).optional(),
});

export const readInputSchema = z.strictObject({
  action: z.literal("read").optional(),
  ...managedActionFields.read,
  ...pageDefaults,
  ...followUpRejections,
});

export const writeInputSchema = z
  .strictObject({
    action: z.literal("write").optional(),
    ...managedActionFields.write,
    ...followUpRejections,
  })
  .refine(writeHasInput, { error: WRITE_NEEDS_INPUT });

export const waitInputSchema = z.strictObject({
  action: z.literal("wait").optional(),
  ...managedActionFields.wait,
  ...pageDefaults,
  wait_ms: waitMs.default(WAIT_MS_DEFAULT),
  ...followUpRejections,
});

export const statusInputSchema = z.strictObject({
  action: z.literal("status").optional(),
  ...managedActionFields.status,
  ...followUpRejections,
});

export const terminateInputSchema = z.strictObject({
  action: z.literal("terminate").optional(),
  ...managedActionFields.terminate,
  ...followUpRejections,
});

export const listInputSchema = z.strictObject({
  action: z.literal("list").optional(),
  ...managedActionFields.list,
  ...followUpRejections,
});

export type StartInput = z.input<typeof startInputSchema>;
export type ReadInput = z.input<typeof readInputSchema>;
export type WaitInput = z.input<typeof waitInputSchema>;
export type StatusInput = z.input<typeof statusInputSchema>;
export type WriteInput = z.input<typeof writeInputSchema>;
export type TerminateInput = z.input<typeof terminateInputSchema>;
export type ListInput = z.input<typeof listInputSchema>;

export const managedActionSchemas = {
  start: startInputSchema,
  read: readInputSchema,
  write: writeInputSchema,
  wait: waitInputSchema,
  status: statusInputSchema,
  terminate: terminateInputSchema,
  list: listInputSchema,
} as const satisfies Record<ProcessAction, z.ZodType>;
