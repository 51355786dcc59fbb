import type { SyntaxNode as Node } from "../../parse/syntax-node.js";
import { hasUnknown, UNKNOWN } from "../expanded-word.js";
import { type Invocation, writesTarget } from "../invocation.js";
import { basename, resolveIn, virtualPath } from "../paths.js";
import type { Scope } from "../scope.js";
import { invocationOutput } from "../static-output.js";
import { formatPrintf } from "../text-filters.js";
import { applyBuildEffects } from "./build-effects.js";
import { applyFileEffects } from "./file-effects.js";
import { recordProgramCopy } from "./program-copies.js";
import type { WalkVisitor } from "./script-walker.js";

/** `cd`, `alias`, `hash -p` and files written with known content change what later commands mean. */
export function applyCommandEffects(
  invocation: Invocation,
  node: Node,
  scope: Scope,
  visitor: WalkVisitor,
): void {
  const [first, ...rest] = invocation.words;
  if (first && !first.dynamic) {
    const name = basename(first.value);
    const args = rest.map((word) => word.value);
    if (name === "cd" || name === "pushd") {
      const target = args.find((arg) => !/^-[LPe@]+$/.test(arg) && arg !== "--");
      const previous = scope.cwd;
      if (target === undefined) scope.cwd = resolveIn(scope.variables.get("HOME") ?? "", scope);
      else if (target === "-") {
        const old = scope.variables.get("OLDPWD");
        scope.cwd = old === undefined ? undefined : resolveIn(old, scope);
      } else scope.cwd = resolveIn(target, scope);
      if (previous === undefined) scope.variables.delete("OLDPWD");
      else scope.variables.set("OLDPWD", previous);
    } else if (name === "alias") {
      for (const arg of args) {
        const match = /^([^=]+)=([\s\S]*)$/.exec(arg);
        if (match) scope.aliases.set(match[1]!, match[2]!);
      }
    } else if (name === "hash") {
      const index = args.indexOf("-p");
      if (index !== -1 && args[index + 1] !== undefined && args[index + 2] !== undefined) {
        scope.hashed.set(args[index + 2]!, args[index + 1]!);
      }
    } else if (
      name === "set" &&
      (args[0] === "--" || (args[0] !== undefined && !args[0].startsWith("-") && !args[0].startsWith("+")))
    ) {
      const values = args[0] === "--" ? args.slice(1) : args;
      values.forEach((value, index) => {
        scope.variables.set(String(index + 1), value);
      });
      scope.variables.set("@", values.join(" "));
    } else if (name === "read" && invocation.stdin) {
      const names = args.filter((arg) => /^[A-Za-z_]\w*$/.test(arg));
      const line = invocation.stdin.read()?.split("\n")[0];
      if (line !== undefined && names.length > 0) {
        const fields = line.trim().split(/\s+/);
        names.forEach((variable, index) => {
          scope.variables.set(
            variable,
            index === names.length - 1 ? fields.slice(index).join(" ") : (fields[index] ?? ""),
          );
        });
      }
    } else if (name === "printf" && /^-v/.test(args[0] ?? "")) {
      // `printf -v NAME FORMAT ARGS` assigns the formatted text to NAME (bash's own state: the
      // variable can then be run as a command name); text only known at run time stays unknown.
      const glued = args[0]!.length > 2;
      const variable = glued ? args[0]!.slice(2) : args[1];
      const rest = args.slice(glued ? 1 : 2);
      const [format, ...values] = rest[0] === "--" ? rest.slice(1) : rest;
      if (variable !== undefined && /^[A-Za-z_]\w*$/.test(variable)) {
        const text =
          format === undefined || [format, ...values].some(hasUnknown)
            ? undefined
            : formatPrintf(format, values);
        scope.variables.set(variable, text ?? UNKNOWN);
      }
    } else if (name === "tee" && invocation.stdin) {
      const input = invocation.stdin.read();
      for (const file of args.filter((arg) => !arg.startsWith("-"))) {
        const resolved = virtualPath(file, scope);
        if (resolved !== undefined) scope.files.set(resolved, input ?? UNKNOWN);
      }
    } else if (name === "set" && args.some((arg) => /^-[a-zA-Z]*x/.test(arg) || arg === "xtrace")) {
      // With xtrace on, every later command expands PS4, running its substitutions.
      const ps4 = scope.variables.get("PS4");
      if (ps4 !== undefined && /\$\(|`/.test(ps4)) visitor.promptExpansion(ps4, node);
    } else if (name === "shopt" && args.includes("-s") && args.includes("expand_aliases")) {
      scope.variables.set("\uE010expand_aliases", "on");
    } else if (name === "unalias") {
      for (const arg of args) scope.aliases.delete(arg);
    } else recordProgramCopy(name, args, scope);
    applyFileEffects(name, invocation, scope);
    applyBuildEffects(name, invocation, scope);
  }
  for (const redirect of invocation.redirects) {
    if (!writesTarget(redirect) || !redirect.target || (redirect.descriptor ?? 1) !== 1) continue;
    const resolved = virtualPath(redirect.target.value, scope);
    if (resolved === undefined) continue;
    const output = invocationOutput({ ...invocation, redirects: [] }, scope);
    const previous = redirect.operator === ">>" ? (scope.files.get(resolved) ?? "") : "";
    scope.files.set(resolved, output === undefined ? UNKNOWN : previous + output);
  }
}
