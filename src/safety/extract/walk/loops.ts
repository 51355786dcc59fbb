import type { SyntaxNode as Node } from "../../parse/syntax-node.js";
import { isBroadGlob } from "../../rules/protected-paths.js";
import { EVERY_ENTRY, type ExpandedWord, hasUnknown, UNKNOWN_NONEMPTY } from "../expanded-word.js";
import type { Stdin } from "../invocation.js";
import type { ScriptWalker } from "./script-walker.js";

/** A loop value: a glob stands for the names it matches (`/*` → some top-level directory). */
function loopValue(word: ExpandedWord): string {
  if (!word.glob) return word.value;
  return word.pattern
    .split("/")
    .map((segment) => {
      if (!/(?<!\\)[*?[]/.test(segment)) return segment.replace(/\\(.)/g, "$1");
      return isBroadGlob(segment) ? EVERY_ENTRY : UNKNOWN_NONEMPTY;
    })
    .join("/");
}

/** Walks a loop body once per known value of the loop variable (bounded), else once with it unknown. */
function walkLoopBody(
  walker: ScriptWalker,
  body: Node,
  variable: string,
  values: readonly string[] | undefined,
  stdin: Stdin | undefined,
  depth: number,
): void {
  const rounds = values && values.length <= 8 && walker.budget.loops >= values.length ? values : undefined;
  if (rounds) walker.budget.loops -= rounds.length;
  for (const value of rounds ?? [UNKNOWN_NONEMPTY]) {
    walker.scope.variables.set(variable, value);
    walker.walk(body, stdin, depth + 1);
  }
}

export function walkForLoop(walker: ScriptWalker, node: Node, stdin: Stdin | undefined, depth: number): void {
  const variable = node.childForFieldName("variable")?.text;
  const body = node.childForFieldName("body");
  const valueNodes = node.children.filter((child) => child.field === "value");
  for (const value of valueNodes) {
    if (value.type === "command_substitution" || value.type === "process_substitution")
      walker.walk(value, undefined, depth + 1);
    else walker.nested(value, depth);
  }
  if (!variable || !body) return;
  const words = valueNodes.flatMap((value) => walker.expand(value));
  const computed = valueNodes.length === 0 || words.some((word) => word.dynamic && hasUnknown(word.value));
  walkLoopBody(walker, body, variable, computed ? undefined : words.map(loopValue), stdin, depth);
}

/** `… | while read -r line; do …; done`: the variable takes each line of the loop's input. */
export function walkWhileLoop(
  walker: ScriptWalker,
  node: Node,
  stdin: Stdin | undefined,
  depth: number,
): void {
  const body = node.childForFieldName("body");
  const conditions = node.children.filter((child) => child.field === "condition" && child.isNamed);
  for (const condition of conditions) walker.walk(condition, stdin, depth + 1);
  if (!body) return;
  const reader = conditions.length === 1 && conditions[0]!.type === "command" ? conditions[0]! : undefined;
  const words = reader
    ? walker
        .expand(reader.namedChildren[0] ?? reader)
        .concat(reader.namedChildren.slice(1).flatMap((child) => walker.expand(child)))
    : [];
  if (words[0]?.value !== "read") {
    walker.walk(body, stdin, depth + 1);
    return;
  }
  const variable = words.slice(1).find((word) => /^[A-Za-z_]\w*$/.test(word.value))?.value ?? "REPLY";
  const text = stdin?.read();
  const lines =
    text === undefined || hasUnknown(text) ? undefined : text.split("\n").filter((line) => line !== "");
  walkLoopBody(walker, body, variable, lines, stdin, depth);
}
