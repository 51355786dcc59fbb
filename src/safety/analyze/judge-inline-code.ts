import type { Invocation } from "../extract/invocation.js";
import { virtualPath } from "../extract/paths.js";
import type { Scope } from "../extract/scope.js";
import type { RuleHit } from "../finding.js";
import { inlineCode, type Language } from "../interpreters/inline-code.js";
import { libraryCalls } from "../interpreters/library-calls.js";
import { processCalls } from "../interpreters/process-calls.js";
import type { Nested } from "../normalize/nested.js";
import { unknownProgramHit } from "./analysis-hits.js";

/**
 * `python3 -c …`, `node -e …`, a program piped into an interpreter: the library calls it makes are
 * judged here, the processes it starts are handed back to be judged as commands.
 */
export function judgeInlineCode(
  name: string,
  language: Language,
  invocation: Invocation,
  scope: Scope,
): { hits: RuleHit[]; nested: Nested[] } {
  const hits: RuleHit[] = [];
  const nested: Nested[] = [];
  const written = (file: string): string | undefined => {
    const resolved = virtualPath(file, scope.cwd);
    return resolved === undefined ? undefined : scope.files.get(resolved);
  };
  for (const { code, origin } of inlineCode(name, language, invocation, written)) {
    if (code === undefined) {
      hits.push(unknownProgramHit(origin));
      continue;
    }
    hits.push(...libraryCalls(code, origin, scope));
    const calls = processCalls(code, language, origin, invocation);
    hits.push(...calls.hits);
    nested.push(...calls.nested);
  }
  return { hits, nested };
}
