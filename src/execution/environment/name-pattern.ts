/**
 * Environment-name patterns from the config (`env_allow`, `env_deny`): an exact name, or a name with
 * `*` wildcards (`AWS_*`). Matching ignores case, because Windows names do and a credential spelled
 * `Api_Key` is still a credential.
 */
export function matchesNamePattern(name: string, pattern: string): boolean {
  return patternExpression(pattern).test(name);
}

// A run tests every variable against every pattern; compiling each pattern once keeps that cheap.
const compiled = new Map<string, RegExp>();

function patternExpression(pattern: string): RegExp {
  let expression = compiled.get(pattern);
  if (expression === undefined) {
    const source = pattern
      .split("*")
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*");
    expression = new RegExp(`^${source}$`, "i");
    compiled.set(pattern, expression);
  }
  return expression;
}

export function matchesAnyNamePattern(name: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => matchesNamePattern(name, pattern));
}
