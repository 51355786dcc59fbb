/**
 * A list pattern, matched against one normalised simple command (words joined by single spaces,
 * directories stripped from the command name). `*` matches any text within that one command, so
 * `git *` never spans `&&` into another. A pattern without `*` matches the command and any
 * arguments after it (`npm publish` matches `npm publish --tag next`). Case-insensitive.
 */
export interface CompiledPattern {
  readonly source: string;
  /** One pattern per pipeline element: `curl * | sh` has two, most patterns one. */
  readonly segments: readonly ((command: string) => boolean)[];
  test(command: string): boolean;
}

function normaliseSpaces(text: string): string {
  return text.trim().replace(/\s+/g, " ");
}

function stripDirectory(text: string): string {
  const [first = "", ...rest] = text.split(" ");
  const name = first.includes("/") && !first.includes("*") ? first.slice(first.lastIndexOf("/") + 1) : first;
  return [name, ...rest].join(" ");
}

function compileSegment(source: string): (command: string) => boolean {
  const pattern = stripDirectory(normaliseSpaces(source));
  const escaped = pattern
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  // `git *` also admits a bare `git`; a pattern without `*` admits trailing arguments.
  const body = pattern.includes("*") ? escaped.replace(/ \.\*$/, "(?: .*)?") : `${escaped}(?: .*)?`;
  const expression = new RegExp(`^${body}$`, "is");
  return (command) => expression.test(stripDirectory(normaliseSpaces(command)));
}

export function compilePattern(source: string): CompiledPattern {
  const segments = source
    .split(/\s+\|\s+|\s*\|\s*(?=\S)/)
    .filter((segment) => segment.trim() !== "")
    .map(compileSegment);
  return {
    source,
    segments,
    test: (command) => segments.length === 1 && segments[0]!(command),
  };
}
