import { z } from "zod";
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
  const result = schema.safeParse(withoutNullOptionals(schema, input ?? {}));
  if (result.success) return { ok: true, value: result.data };
  const [first, ...rest] = result.error.issues;
  if (first === undefined) return { ok: false, message: `Invalid ${toolName} input.` };
  const clause = describeIssue(first, input, { subject: "field", schema });
  const more = rest.length > 0 ? ` (and ${rest.length} more problem${rest.length > 1 ? "s" : ""})` : "";
  const end = /[.?!]$/.test(clause) && more === "" ? "" : ".";
  return { ok: false, message: `Invalid ${toolName} input: ${clause}${more}${end}` };
}

/**
 * `null` for an optional field means "not given": clients in strict structured-output modes (every
 * field required, the optional ones nullable) send `"timeoutMs": null` rather than leaving it out. A
 * field whose schema takes null itself, or a required one, keeps it and is judged as sent.
 */
function withoutNullOptionals(schema: z.ZodType, input: unknown): unknown {
  if (
    !(schema instanceof z.ZodObject) ||
    typeof input !== "object" ||
    input === null ||
    Array.isArray(input)
  ) {
    return input;
  }
  const shape = schema.shape as Record<string, z.ZodType>;
  let copy: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(input)) {
    const field = shape[key];
    if (value !== null || field === undefined) continue;
    if (!field.safeParse(undefined).success || field.safeParse(null).success) continue;
    copy ??= { ...(input as Record<string, unknown>) };
    delete copy[key];
  }
  return copy ?? input;
}
