import { z } from "zod";

// Structured results of the dsh tools, beside the marker text. Loose objects: the executor may add
// fields, and a client validating structured content must not break on them.

export const TASK_STATUSES = ["running", "completed", "killed"] as const;

function buildBashResultSchemas() {
  const streams = <T extends z.ZodType>(value: T) => z.looseObject({ stdout: value, stderr: value });
  return {
    /** A foreground run (the execution layer's structured result) or a background start. */
    run: z.looseObject({
      stdout: z.string().optional(),
      stderr: z.string().optional(),
      exitCode: z.number().nullable().optional(),
      signal: z.string().nullable().optional(),
      timedOut: z.boolean().optional(),
      aborted: z.boolean().optional(),
      durationMs: z.number().optional(),
      timeoutMs: z.number().optional(),
      truncated: streams(z.boolean()).optional(),
      totalBytes: streams(z.number()).optional(),
      /** Per truncated stream: the complete copy's path, or null when none is safely available. */
      spill: z
        .looseObject({ stdout: z.string().nullable().optional(), stderr: z.string().nullable().optional() })
        .optional(),
      /** The spec's compatible shape. */
      returncode: z.number().nullable().optional(),
      /** Set for run_in_background: the task to poll with bash_output. */
      task_id: z.string().optional(),
      background: z.boolean(),
    }),
    /**
     * One bash_output read. The output itself is in the text only: repeated here it doubled every read
     * (a 160 K-character read was 367 KB of JSON); the characters each stream added say how much came.
     */
    output: z.looseObject({
      task_id: z.string(),
      status: z.enum(TASK_STATUSES),
      exitCode: z.number().nullable(),
      signal: z.string().nullable(),
      characters: streams(z.number()),
      lossy: z.boolean(),
    }),
    /** One bash_kill. */
    kill: z.looseObject({
      task_id: z.string(),
      /** False when the task had already finished (a reported no-op). */
      killed: z.boolean(),
      status: z.enum(TASK_STATUSES),
    }),
  };
}

let built: ReturnType<typeof buildBashResultSchemas> | undefined;

/**
 * The three result schemas, built when the tools are first listed rather than at import: building
 * zod schemas is a start-up cost every import paid, though only the tools' definitions use them.
 */
export function bashResultSchemas(): ReturnType<typeof buildBashResultSchemas> {
  built ??= buildBashResultSchemas();
  return built;
}
