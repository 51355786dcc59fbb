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

// The input schemas of the managed-process actions, the single source for validation, types and
// the JSON Schema the tool layer publishes. `action` is optional so the same schema serves the
// `bash` tool's `action` field and the MCP `process_*` tools.

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

const processId = z
  .string({ error: "process_id is required: use the process_id returned by start or list" })
  .min(1, { error: "process_id is required: use the process_id returned by start or list" });

const cursor = z
  .number({ error: "cursor must be a whole number: use next_cursor from the previous page, or 0" })
  .int({ error: "cursor must be a whole number: use next_cursor from the previous page, or 0" })
  .min(0, { error: "cursor must be 0 or more: use next_cursor from the previous page" })
  .default(0);

const maxBytes = z
  .number()
  .int()
  .min(READ_MAX_BYTES_MIN, { error: `max_bytes must be at least ${READ_MAX_BYTES_MIN}` })
  .max(READ_MAX_BYTES_MAX, { error: `max_bytes must be at most ${READ_MAX_BYTES_MAX}` })
  .default(READ_MAX_BYTES_DEFAULT);

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
  });

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
  .refine((ids) => new Set(ids).size === ids.length, { error: "question_ids must be unique" });

export const startInputSchema = z.strictObject({
  action: z.literal("start").optional(),
  command: z.string({ error: "command is required for start" }).refine((value) => value.trim().length > 0, {
    error: "command is required for start and must not be blank",
  }),
  timeout: lifetime
    .optional()
    .describe("Maximum process lifetime in seconds (1–3600; default: the tool timeout)."),
  pty: z.boolean().optional().describe("Give the command a real terminal (needs host managed_pty)."),
  question_ids: questionIds.optional().describe("Question ids whose answers this start depends on."),
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
  process_id: processId,
  cursor,
  max_bytes: maxBytes,
  ...followUpRejections,
});

export const waitInputSchema = z.strictObject({
  action: z.literal("wait").optional(),
  process_id: processId,
  cursor,
  max_bytes: maxBytes,
  wait_ms: z
    .number()
    .int()
    .min(0, { error: "wait_ms must be 0 or more" })
    .max(WAIT_MS_MAX, { error: `wait_ms must be at most ${WAIT_MS_MAX}; waiting again is harmless` })
    .default(WAIT_MS_DEFAULT),
  ...followUpRejections,
});

export const statusInputSchema = z.strictObject({
  action: z.literal("status").optional(),
  process_id: processId,
  ...followUpRejections,
});

export const writeInputSchema = z
  .strictObject({
    action: z.literal("write").optional(),
    process_id: processId,
    stdin: z
      .string()
      .refine((value) => Buffer.byteLength(value, "utf8") <= STDIN_MAX_BYTES, {
        error: `stdin holds at most ${STDIN_MAX_BYTES} UTF-8 bytes per write; split the input into several writes`,
      })
      .optional(),
    close_stdin: z.boolean().optional(),
    ...followUpRejections,
  })
  .refine((input) => input.stdin !== undefined || input.close_stdin === true, {
    error: "write needs stdin, close_stdin: true, or both",
  });

export const terminateInputSchema = z.strictObject({
  action: z.literal("terminate").optional(),
  process_id: processId,
  ...followUpRejections,
});

export const listInputSchema = z.strictObject({
  action: z.literal("list").optional(),
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
  wait: waitInputSchema,
  status: statusInputSchema,
  write: writeInputSchema,
  terminate: terminateInputSchema,
  list: listInputSchema,
} as const;
export type ManagedAction = keyof typeof managedActionSchemas;
