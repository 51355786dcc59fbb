import type { z } from "zod";
import { describeIssue } from "../config/describe-issue.js";

export type ValidatedInput<Value> =
  | { readonly ok: true; readonly value: Value }
  | { readonly ok: false; readonly message: string };

/**
 * Checks a tool input against its schema. A failure is one sentence naming the field, what was
 * wrong and what is allowed, e.g. "Invalid bash input: field 'timeout' must be at most 3600, got
 * 30000; it looks like you passed milliseconds; did you mean 30 seconds?".
 */
export function validateToolInput<Schema extends z.ZodType>(
  toolName: string,
  schema: Schema,
  input: unknown,
): ValidatedInput<z.output<Schema>> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return { ok: true, value: result.data };
  const [first, ...rest] = result.error.issues;
  if (first === undefined) return { ok: false, message: `Invalid ${toolName} input.` };
  const clause = describeIssue(first, input, { subject: "field", schema });
  const more = rest.length > 0 ? ` (and ${rest.length} more problem${rest.length > 1 ? "s" : ""})` : "";
  const end = /[.?!]$/.test(clause) && more === "" ? "" : ".";
  return { ok: false, message: `Invalid ${toolName} input: ${clause}${more}${end}` };
}
