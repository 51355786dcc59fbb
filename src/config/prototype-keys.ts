/**
 * An own `__proto__` key (what `JSON.parse` makes of `"__proto__": {…}`) is not a config key: a
 * plain assignment of it replaces the object's prototype, whose keys then read as if the config
 * had set them. Found at any depth, in objects and arrays, before anything copies the config.
 */
export function prototypeKeyPath(input: unknown, path: readonly string[] = []): string | undefined {
  if (typeof input !== "object" || input === null) return undefined;
  if (Object.hasOwn(input, "__proto__")) return [...path, "__proto__"].join(".");
  for (const [key, value] of Object.entries(input)) {
    const found = prototypeKeyPath(value, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

export function prototypeKeyMessage(keyPath: string): string {
  return `config key '${keyPath}' is not allowed: it would replace the prototype of the object it is in instead of setting a key; remove it`;
}
