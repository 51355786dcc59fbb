/** The variables that have a value: a process environment can hold `undefined`, a spawn's cannot. */
export function definedOnly(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) if (value !== undefined) result[name] = value;
  return result;
}
