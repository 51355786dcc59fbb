import { z } from "zod";
import { commandField, runInBackgroundField } from "./fields.js";

/** The dsh `bash` tool: one command per call, a fresh shell each time. */
export const bashInputSchema = z.strictObject({
  command: commandField.describe(
    "The bash command to run. No state persists between calls: use workdir, not cd.",
  ),
  description: z
    .string()
    .min(1)
    .refine((text) => text.trim().length > 0, { message: "must not be only whitespace" })
    .describe("One-line, active-voice summary of the command (5-10 words), for display only."),
  timeoutMs: z
    .number()
    .positive()
    .describe("Timeout in milliseconds; the configured default and cap apply.")
    .optional(),
  workdir: z
    .string()
    .min(1)
    .describe("Working directory for this call; relative paths resolve against the session directory.")
    .optional(),
  run_in_background: runInBackgroundField
    .describe("Return a task id at once instead of waiting; no timeout applies. Poll with bash_output.")
    .optional(),
});

export type BashInput = z.output<typeof bashInputSchema>;
