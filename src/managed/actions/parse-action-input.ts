import type { z } from "zod";
import { ManagedProcessError } from "../managed-process-error.js";

/** Validates one action's input; the error lists every problem, each with its field. */
export function parseActionInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) =>
    issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message,
  );
  throw new ManagedProcessError("invalid_input", `Invalid input: ${problems.join("; ")}`);
}
