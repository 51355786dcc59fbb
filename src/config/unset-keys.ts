/**
 * What a config file may carry besides config keys: `null` means "unset, use the default" (the
 * Python module writes its unset values that way) and `$schema` names a JSON Schema for editors.
 * Both are removed before validation; a `$schema` that is not a string stays and is reported.
 */
export function withoutUnsetKeys(input: unknown): unknown {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return input;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === null) continue;
    if (key === "$schema" && typeof value === "string") continue;
    kept[key] = isPlainObject(value) ? withoutNulls(value) : value;
  }
  return kept;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function withoutNulls(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== null));
}
