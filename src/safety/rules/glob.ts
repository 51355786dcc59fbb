const cache = new Map<string, RegExp>();

/** A bash glob (one path segment, backslash escapes honoured) as an anchored regular expression. */
export function globToRegExp(pattern: string): RegExp {
  const cached = cache.get(pattern);
  if (cached) return cached;
  let source = "";
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index]!;
    if (char === "\\" && index + 1 < pattern.length) {
      index += 1;
      source += escapeRegExp(pattern[index]!);
    } else if (char === "*") source += "[^/]*";
    else if (char === "?") source += "[^/]";
    else if (char === "[") {
      const end = pattern.indexOf("]", index + 2);
      if (end === -1) source += "\\[";
      else {
        let body = pattern.slice(index + 1, end);
        const negated = body.startsWith("!") || body.startsWith("^");
        if (negated) body = body.slice(1);
        const escaped = body
          .replace(/[\\\]^]/g, "\\$&")
          .replace(/\[:(\w+):\]/g, (_m, name: string) => classOf(name));
        source += negated ? `[^/${escaped}]` : `[${escaped}]`;
        index = end;
      }
    } else source += escapeRegExp(char);
  }
  const expression = new RegExp(`^${source}$`, "s");
  if (cache.size > 2000) cache.clear();
  cache.set(pattern, expression);
  return expression;
}

function classOf(name: string): string {
  switch (name) {
    case "alpha":
      return "a-zA-Z";
    case "digit":
      return "0-9";
    case "alnum":
      return "a-zA-Z0-9";
    case "lower":
      return "a-z";
    case "upper":
      return "A-Z";
    default:
      return "\\s\\S";
  }
}

function escapeRegExp(char: string): string {
  return char.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/** Whether a glob segment matches a name; a leading dot must be matched explicitly, as in bash. */
export function globMatches(pattern: string, name: string): boolean {
  if (name.startsWith(".") && !pattern.startsWith(".") && !pattern.startsWith("\\.")) return false;
  return globToRegExp(pattern).test(name);
}

/** Matches a whole path pattern (segments may hold globs) against a concrete path. */
export function globMatchesPath(pattern: string, candidate: string): boolean {
  const patternSegments = pattern.split("/");
  const segments = candidate.split("/");
  if (patternSegments.length !== segments.length) return false;
  return patternSegments.every((segment, index) => globMatches(segment, segments[index]!));
}
