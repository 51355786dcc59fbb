import { type ExpandedWord, hasUnknown } from "../extract/expanded-word.js";
import { basename } from "../extract/paths.js";
import type { Scope } from "../extract/scope.js";
import { copiedProgram } from "../extract/walk/program-copies.js";
import { globMatches } from "../rules/glob.js";

export interface CommandName {
  /** Lower-case, without directories; undefined when it cannot be known before run time. */
  readonly name: string | undefined;
  /** True when the shell computes the name at run time (expansion, substitution). */
  readonly computed: boolean;
}

/**
 * The program a command word runs: quotes and backslashes are already gone, directories are
 * stripped, `hash -p` bindings applied, and a glob (`/usr/bin/su?o`) resolved against the names the
 * rules care about.
 */
export function normaliseCommandName(
  word: ExpandedWord,
  scope: Scope,
  knownNames: readonly string[],
  path: string | undefined = scope.variables.get("PATH"),
): CommandName {
  // The shell's own executable: `/proc/self/exe` opened by the child the shell forks is still the
  // shell (so is `/proc/$$/exe`, whatever `$$` is).
  if (/^\/proc\/(self|thread-self|[\d\uE000-\uE0FF]+)\/exe$/.test(word.value))
    return { name: "bash", computed: word.dynamic };
  if (hasUnknown(word.value)) return { name: undefined, computed: true };
  let name = basename(word.value);
  if (word.glob) {
    const pattern = basename(word.pattern);
    const match = knownNames.find((known) => globMatches(pattern, known));
    if (match) name = match;
  }
  const hashed = scope.hashed.get(name) ?? copiedProgram(word, scope, path);
  if (hashed !== undefined) name = basename(hashed);
  // Windows runs `sudo.exe`, `CMD.EXE` and `cmd` alike.
  return { name: name.toLowerCase().replace(/\.(exe|com)$/, ""), computed: word.dynamic };
}
