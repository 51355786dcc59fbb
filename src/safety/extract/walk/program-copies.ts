import type { ExpandedWord } from "../expanded-word.js";
import { basename, virtualPath } from "../paths.js";
import type { Scope } from "../scope.js";

/**
 * `cp /bin/rm /tmp/x`, `ln -s /bin/rm ./r`, `install`, `mv`: the copy runs the same program under
 * another name. Copies are remembered in `scope.hashed` under their resolved path (a key with a `/`,
 * so it never collides with a `hash -p NAME`), mapping to the source; a copy into a directory is
 * remembered under the directory's entry too.
 */
const COPIERS = new Set(["cp", "ln", "install", "mv"]);

export function recordProgramCopy(name: string, args: readonly string[], scope: Scope): void {
  if (!COPIERS.has(name)) return;
  const operands = args.filter((arg) => !arg.startsWith("-"));
  if (operands.length !== 2) return;
  const [source, target] = operands as [string, string];
  for (const copy of [target, `${target.replace(/\/+$/, "")}/${basename(source)}`]) {
    const resolved = virtualPath(copy, scope);
    if (resolved !== undefined) scope.hashed.set(resolved, source);
  }
}

/** The program a command word runs when it names a copy made earlier (by path, or found first on PATH). */
export function copiedProgram(
  word: ExpandedWord,
  scope: Scope,
  path: string | undefined,
): string | undefined {
  // Nothing copied yet (nearly always): no need to resolve the word against every PATH directory.
  if (scope.hashed.size === 0) return undefined;
  if (word.value.includes("/")) {
    const resolved = virtualPath(word.value, scope);
    return resolved === undefined ? undefined : scope.hashed.get(resolved);
  }
  for (const directory of (path ?? "").split(":")) {
    if (directory === "") continue;
    const resolved = virtualPath(`${directory}/${word.value}`, scope);
    const source = resolved === undefined ? undefined : scope.hashed.get(resolved);
    if (source !== undefined) return source;
  }
  return undefined;
}
