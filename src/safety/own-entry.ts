/**
 * A table's own entry for a program name, or undefined. Program names come from the command, so a
 * plain lookup would answer `__proto__` or `constructor` with Object.prototype's members.
 */
export function ownEntry<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
