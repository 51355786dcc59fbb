/**
 * Environment-name patterns from the config (`env_allow`, `env_deny`): an exact name, or a name with
 * `*` wildcards (`AWS_*`). Matching ignores case, because Windows names do and a credential spelled
 * `Api_Key` is still a credential.
 */
export function matchesNamePattern(name: string, pattern: string): boolean {
  const source = pattern
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${source}$`, "i").test(name);
}

export function matchesAnyNamePattern(name: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => matchesNamePattern(name, pattern));
}
