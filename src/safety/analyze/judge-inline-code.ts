import type { ExpandedWord } from "../extract/expanded-word.js";
import { hasUnknown, UNKNOWN, UNKNOWN_NONEMPTY } from "../extract/expanded-word.js";
import type { Invocation } from "../extract/invocation.js";
import { virtualPath } from "../extract/paths.js";
import type { Scope } from "../extract/scope.js";
import type { RuleHit } from "../finding.js";
import { capabilityHit } from "../interpreters/capability.js";
import { foldStrings } from "../interpreters/fold-strings.js";
import { inlineCode, type Language } from "../interpreters/inline-code.js";
import { libraryCalls } from "../interpreters/library-calls.js";
import { mutationCommands } from "../interpreters/mutations.js";
import { networkShellHit } from "../interpreters/network-shell.js";
import { processCalls } from "../interpreters/process-calls.js";
import { normaliseReflection } from "../interpreters/reflection.js";
import type { Nested } from "../normalize/nested.js";
import { shownPath, writtenFilesNamed } from "../reparse/written-files.js";
import { unknownProgramHit, writeThenRunHit } from "./analysis-hits.js";

/** How deep `exec("…")` inside `eval("…")` inside the program is followed. */
const MAX_EMBEDDED_DEPTH = 4;

/**
 * Judges one program text: strings built from pieces are folded, reflection written out as the plain
 * call, code run from literals (`exec("…")`) judged in its turn; then its library calls, its file
 * mutations (as the shell commands they amount to), the processes it starts, and whether it decides
 * at run time what it calls while it can start processes or change files.
 */
export function judgeProgramText(
  source: string,
  language: Language,
  origin: string,
  invocation: Invocation,
  scope: Scope,
  hits: RuleHit[],
  nested: Nested[],
  depth = 0,
): void {
  const folded = foldStrings(source, language);
  const { code, embedded } = normaliseReflection(folded, language);
  for (const inner of embedded) {
    if (depth < MAX_EMBEDDED_DEPTH)
      judgeProgramText(
        inner,
        language,
        `code ${origin} evaluates`,
        invocation,
        scope,
        hits,
        nested,
        depth + 1,
      );
  }
  hits.push(...libraryCalls(code, origin, scope));
  nested.push(...mutationCommands(code, language, origin, invocation));
  const calls = processCalls(code, language, origin, invocation);
  hits.push(...calls.hits);
  nested.push(...calls.nested);
  const capability = capabilityHit(code, language, origin);
  if (capability) hits.push(capability);
  const remoteShell = networkShellHit(code, language, origin);
  if (remoteShell) hits.push(remoteShell);
}

/**
 * `python3 -c …`, `node -e …`, a program piped into an interpreter: the library calls it makes are
 * judged here, the processes it starts are handed back to be judged as commands.
 */
export function judgeInlineCode(
  name: string,
  language: Language,
  invocation: Invocation,
  scope: Scope,
  substitutionOutput: (word: ExpandedWord) => string | undefined = () => undefined,
): { hits: RuleHit[]; nested: Nested[] } {
  const hits: RuleHit[] = [];
  const nested: Nested[] = [];
  // A script operand that is a process substitution (`python3 <(curl …)`) is that command's output.
  const substituted = new Set<string>();
  const written = (file: string): string | undefined => {
    const word = invocation.words.slice(1).find((item) => item.value === file && item.substitution);
    if (word) {
      substituted.add(file);
      return substitutionOutput(word) ?? UNKNOWN;
    }
    const resolved = virtualPath(file, scope);
    return resolved === undefined ? undefined : scope.files.get(resolved);
  };
  for (const { code, origin, file } of inlineCode(name, language, invocation, written)) {
    if (file !== undefined && substituted.has(file) && (code === undefined || hasUnknown(code))) {
      hits.push(unknownProgramHit(`${name} <(…)`));
      continue;
    }
    if (code === undefined || (file !== undefined && (code === UNKNOWN || code === UNKNOWN_NONEMPTY))) {
      hits.push(file === undefined ? unknownProgramHit(origin) : writeThenRunHit(origin, file));
      continue;
    }
    judgeProgramText(code, language, origin, invocation, scope, hits, nested);
    for (const file of writtenFilesEvaluated(code, scope)) {
      if (hasUnknown(file.content)) hits.push(writeThenRunHit(origin, file.path));
      else
        judgeProgramText(
          file.content,
          language,
          `${origin} reading ${file.path}`,
          invocation,
          scope,
          hits,
          nested,
        );
    }
  }
  return { hits, nested };
}

/** Words with which a program runs code it reads (`exec(open("x").read())`, `require("./x")`, `do "x"`). */
const EVALUATES =
  /\b(exec|eval|compile|execfile|runpy|run_path|require|import_module|load|loadfile|dofile|do|include|instance_eval|source)\b|\bFunction\(|\bvm\./;

/**
 * The files this command wrote earlier that a program names in a string literal while it can run
 * code it reads: their content is judged as code of the same language.
 */
function writtenFilesEvaluated(code: string, scope: Scope): { path: string; content: string }[] {
  if (scope.files.size === 0 || !EVALUATES.test(code)) return [];
  const found: { path: string; content: string }[] = [];
  for (const literal of code.matchAll(/(["'`])((?:\\.|(?!\1)[^\\\n])+)\1/g)) {
    for (const file of writtenFilesNamed(literal[2]!, scope))
      if (!found.some((known) => known.path === file.path))
        found.push({ ...file, path: shownPath(file.path) });
  }
  return found;
}
