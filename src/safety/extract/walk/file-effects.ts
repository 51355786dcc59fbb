import { commandWriteTargets } from "../../rules/write-targets.js";
import { UNKNOWN } from "../expanded-word.js";
import type { Invocation } from "../invocation.js";
import { basename, virtualPath } from "../paths.js";
import type { Scope } from "../scope.js";

/**
 * What a command does to the files this script wrote earlier, so a later command that runs one is
 * judged by what it holds then: a copy, move or link carries the content to its new name (`mv`
 * also takes it from the old one), `rm` forgets it, and any other program that writes a file
 * (`curl -o`, `dd of=`, `sed -i`, `sort -o`) leaves content only known at run time. A copy of a
 * file the script did not write is the file system's own and is not remembered.
 */
const CARRIERS = new Set(["cp", "mv", "ln", "install", "rsync"]);

export function applyFileEffects(name: string, invocation: Invocation, scope: Scope): void {
  const args = invocation.words.slice(1);
  if (name === "rm" || name === "unlink") {
    for (const word of args) {
      if (word.value.startsWith("-")) continue;
      const resolved = virtualPath(word.value, scope);
      if (resolved !== undefined) scope.files.delete(resolved);
    }
    return;
  }
  if (name === "tee") return;
  if (CARRIERS.has(name)) {
    const operands = args.filter((word) => !word.value.startsWith("-"));
    if (operands.length < 2) return;
    const target = operands.at(-1)!.value;
    for (const source of operands.slice(0, -1)) {
      const from = virtualPath(source.value, scope);
      const content = from === undefined ? undefined : scope.files.get(from);
      for (const copy of [target, `${target.replace(/\/+$/, "")}/${basename(source.value)}`]) {
        const to = virtualPath(copy, scope);
        if (to === undefined) continue;
        // An existing file copied over a written one: what runs there now is the file system's own.
        if (content === undefined) scope.files.delete(to);
        else scope.files.set(to, content);
      }
      if (name === "mv" && from !== undefined) scope.files.delete(from);
    }
    return;
  }
  const input =
    name === "dd" && !args.some((word) => word.value.startsWith("if=")) ? invocation.stdin : undefined;
  for (const target of commandWriteTargets({ name, args, invocation, scope })) {
    const resolved = virtualPath(target.value, scope);
    if (resolved !== undefined) scope.files.set(resolved, input?.read() ?? UNKNOWN);
  }
}
