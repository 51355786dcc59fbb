import type { SyntaxNode as Node } from "../parse/syntax-node.js";
import { UNKNOWN } from "./expanded-word.js";
import { virtualPath } from "./paths.js";
import type { Scope } from "./scope.js";

/**
 * bash's names for an open descriptor N, which a program opens to read what N holds: `/dev/fd/N`
 * (what a process substitution expands to) and `/proc/self/fd/N`.
 */
export function descriptorPaths(descriptor: number): string[] {
  return [`/dev/fd/${descriptor}`, `/proc/self/fd/${descriptor}`];
}

/** What reading descriptor N's paths gives, from now on in this script (UNKNOWN when computed). */
export function recordDescriptor(scope: Scope, descriptor: number, content: string | undefined): void {
  for (const path of descriptorPaths(descriptor)) {
    if (content === undefined) scope.files.delete(path);
    else scope.files.set(path, content);
  }
}

/**
 * A process substitution `<(cmd)` becomes a path the shell names (`/dev/fd/63`, then 62, … for more
 * in one script) whose reading gives cmd's output: recorded as a file of known (or UNKNOWN) content,
 * so whatever reads that path — a shell's script operand or `--init-file`, `BASH_ENV`, `source`, a
 * runner's file option — is judged by what it reads. `>(cmd)` is a path to write to: only named.
 */
export function processSubstitutionPath(
  node: Node,
  scope: Scope,
  output: (node: Node) => string | undefined,
): string {
  const key = `${node.startIndex}\u0000${node.text}`;
  const known = scope.substitutions.get(key);
  if (known !== undefined) return known;
  const descriptor = 63 - scope.substitutions.size;
  const path = `/dev/fd/${descriptor}`;
  scope.substitutions.set(key, path);
  if (node.text.startsWith("<")) recordDescriptor(scope, descriptor, output(node) ?? UNKNOWN);
  return path;
}

/**
 * An input redirect of descriptor N above 0 (`3<<<text`, `7<<EOF`, `9< file`, `9< <(cmd)`): what
 * reading N's paths gives while the command runs — and after it, for `exec`, which is also how the
 * gate keeps it (an over-approximation: a later reader without the redirect sees it too).
 */
export function recordInputRedirect(
  scope: Scope,
  descriptor: number,
  source: { readonly text: string | undefined } | { readonly path: string },
): void {
  if ("text" in source) {
    recordDescriptor(scope, descriptor, source.text ?? UNKNOWN);
    return;
  }
  const resolved = virtualPath(source.path, scope);
  if (resolved === "/dev/null") recordDescriptor(scope, descriptor, "");
  else recordDescriptor(scope, descriptor, resolved === undefined ? undefined : scope.files.get(resolved));
}
