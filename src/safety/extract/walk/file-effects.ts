import path from "node:path";
import { commandWriteTargets } from "../../rules/write-targets.js";
import { UNKNOWN } from "../expanded-word.js";
import type { Invocation } from "../invocation.js";
import { basename, resolvePath, virtualPath } from "../paths.js";
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
      if (resolved !== undefined) scope.links.delete(resolved);
    }
    return;
  }
  if (name === "ln" || name === "gln") recordSymbolicLink(args, scope);
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

/**
 * `ln -s TARGET LINK`: later paths through LINK name TARGET (a relative target is relative to the
 * link's directory). Only the two-operand form with literal words is remembered; `-t DIR` and
 * several targets make names the gate would have to guess.
 */
function recordSymbolicLink(args: Invocation["words"], scope: Scope): void {
  if (!args.some((word) => /^-[a-zA-Z]*s|^--symbolic$/.test(word.value))) return;
  if (args.some((word) => word.value === "-t" || word.value.startsWith("--target-directory"))) return;
  const operands = args.filter((word) => !word.value.startsWith("-"));
  if (operands.length !== 2 || operands.some((word) => word.dynamic && word.value.includes(UNKNOWN))) return;
  const link = virtualPath(operands[1]!.value, scope);
  if (link === undefined) return;
  const target = resolvePath(operands[0]!.value, path.posix.dirname(link), scope.homes, scope.links);
  if (target !== undefined) scope.links.set(link, target);
}
