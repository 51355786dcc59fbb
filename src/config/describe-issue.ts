import { z } from "zod";
import { TIMEOUT_MAX_SECONDS, timeoutUnitHint } from "../text/timeout-hints.js";

/** How a message names what it talks about: "config key 'timeout'" or "field 'timeout'". */
export interface IssueWording {
  readonly subject: string;
  /** The schema the input was checked against, so an unknown key can be answered with the known ones. */
  readonly schema: z.ZodType;
}

// Seconds limits that a caller used to milliseconds trips over; the hint names the likely intent.
const SECONDS_LIMIT = TIMEOUT_MAX_SECONDS;

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = input;
  for (const key of path) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function unwrap(schema: z.ZodType): z.ZodType {
  let current: z.ZodType = schema;
  while (
    current instanceof z.ZodOptional ||
    current instanceof z.ZodDefault ||
    current instanceof z.ZodNullable ||
    current instanceof z.ZodPrefault
  ) {
    current = current.unwrap() as z.ZodType;
  }
  return current;
}

/** A discriminated union's option for the input's discriminator value (`executor.kind`). */
function unionOption(union: z.ZodType, value: unknown): z.ZodType | undefined {
  if (!(union instanceof z.ZodDiscriminatedUnion)) return undefined;
  const discriminator = union._zod.def.discriminator;
  const chosen = (value as Record<string, unknown> | undefined)?.[discriminator];
  return (union.options as z.ZodType[]).find((option) => {
    const literal =
      option instanceof z.ZodObject ? (option.shape as Record<string, z.ZodType>)[discriminator] : undefined;
    return literal instanceof z.ZodLiteral && literal.values.has(chosen as never);
  });
}

/**
 * The keys an object schema at `path` knows, or none when `path` does not lead to an object. A
 * discriminated union on the way is resolved by the input's own discriminator value.
 */
export function knownKeysAt(schema: z.ZodType, path: readonly PropertyKey[], input?: unknown): string[] {
  let current = unwrap(schema);
  const resolve = (at: number) => {
    current = unwrap(unionOption(current, valueAt(input, path.slice(0, at))) ?? current);
  };
  resolve(0);
  for (const [index, key] of path.entries()) {
    if (!(current instanceof z.ZodObject)) return [];
    const next = (current.shape as Record<PropertyKey, z.ZodType | undefined>)[key];
    if (next === undefined) return [];
    current = unwrap(next);
    resolve(index + 1);
  }
  return current instanceof z.ZodObject ? Object.keys(current.shape) : [];
}

function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === "object") return "an object";
  return String(value);
}

const TYPE_NAMES: Record<string, string> = {
  int: "an integer",
  number: "a number",
  string: "a string",
  boolean: "true or false",
  array: "an array",
  object: "an object",
};

function millisecondsHint(key: PropertyKey | undefined, value: unknown, maximum: unknown): string {
  if (key !== "timeout" || maximum !== SECONDS_LIMIT || typeof value !== "number") return "";
  const hint = timeoutUnitHint(value, "seconds");
  return hint === undefined ? "" : `; ${hint.charAt(0).toLowerCase()}${hint.slice(1)}`;
}

function sizeWords(origin: string, bound: number | bigint): string {
  if (origin === "string") return `${bound} character${bound === 1 ? "" : "s"}`;
  if (origin === "array" || origin === "set") return `${bound} item${bound === 1 ? "" : "s"}`;
  return String(bound);
}

function sizeOf(origin: string, value: unknown): string {
  if (origin === "string" && typeof value === "string") return `${value.length}`;
  if (Array.isArray(value)) return `${value.length}`;
  return describeValue(value);
}

/**
 * One issue as one clause the reader can act on: which key, what was wrong, what is allowed.
 * `input` is what was parsed; zod 4 issues do not carry the offending value by default.
 */
export function describeIssue(issue: z.core.$ZodIssue, input: unknown, wording: IssueWording): string {
  const name = issue.path.map(String).join(".");
  const subject = `${wording.subject} '${name}'`;
  const value = valueAt(input, issue.path);
  switch (issue.code) {
    case "unrecognized_keys": {
      const keys = issue.keys.map((key) => `'${key}'`).join(", ");
      const where = issue.path.length > 0 ? ` in '${name}'` : "";
      const known = knownKeysAt(wording.schema, issue.path, input);
      const plural = issue.keys.length > 1 ? "s" : "";
      return `unknown ${wording.subject}${plural} ${keys}${where}; known: ${known.join(", ")}`;
    }
    case "invalid_value": {
      const allowed = issue.values.map((allowedValue) => JSON.stringify(allowedValue)).join(", ");
      const got = value === undefined ? "is missing" : `is ${describeValue(value)}`;
      return `${subject} ${got}; allowed values: ${allowed}`;
    }
    case "invalid_type": {
      const expected = TYPE_NAMES[issue.expected] ?? issue.expected;
      if (value === undefined) return `${subject} is required (${expected})`;
      return `${subject} must be ${expected}, got ${describeValue(value)}`;
    }
    case "too_big": {
      const limit = issue.inclusive ? "at most" : "less than";
      const hint = millisecondsHint(issue.path.at(-1), value, issue.maximum);
      return `${subject} must be ${limit} ${sizeWords(issue.origin, issue.maximum)}, got ${sizeOf(issue.origin, value)}${hint}`;
    }
    case "too_small": {
      if (issue.origin === "string" && issue.minimum === 1) return `${subject} must not be empty`;
      const limit = issue.inclusive ? "at least" : "more than";
      return `${subject} must be ${limit} ${sizeWords(issue.origin, issue.minimum)}, got ${sizeOf(issue.origin, value)}`;
    }
    case "invalid_union": {
      // A discriminated union (`executor.kind`) names its allowed values; others say what zod says.
      const options = (issue as { options?: readonly unknown[] }).options;
      if (!options) break;
      const allowed = options.map((option) => JSON.stringify(option)).join(", ");
      const got = value === undefined ? "is missing" : `is ${describeValue(value)}`;
      return `${subject} ${got}; allowed values: ${allowed}`;
    }
    case "custom":
      // Our own refinements word their message as a predicate: "field 'x' is required for …".
      return name === "" ? issue.message : `${subject} ${issue.message}`;
    default:
      break;
  }
  return name === "" ? issue.message : `${subject}: ${issue.message}`;
}
