import type { SyntaxNode as Node } from "../../parse/syntax-node.js";
import type { Scope } from "../scope.js";

/**
 * Bash's arithmetic evaluates a variable's value as an expression in its turn, and expands array
 * subscripts before using them, so `x='a[$(cmd)]'; echo $((x))` runs cmd. The same holds wherever
 * bash evaluates text as arithmetic (`(( ))`, `$(( ))`, `let`, `for ((…))`, `[[ a -eq b ]]`, array
 * indices, `${s:offset:length}`, integer variables) or resolves a name that may carry a subscript
 * (`unset`, `printf -v`, `read`, `[[ -v ]]`, namerefs, `${!x}`). This file finds the texts whose
 * substitutions such an evaluation runs; a string only measured (`${#x}`) or printed runs nothing.
 */
const SUBSCRIPT_RUNS = /\[[^\]]*(\$\(|`)/;
const NAME_WITH_SUBSCRIPT_RUNS = /^[A-Za-z_]\w*\[.*(\$\(|`)/s;
const IDENTIFIER = /[A-Za-z_]\w*/g;
const MAX_DEPTH = 8;

/** Marks in `scope.variables` for attributes: `declare -i n` (integer), set by the walker. */
export const INTEGER_MARK = "\uE011integer:";

/** True when some variable holds text with a substitution: only then can arithmetic run anything hidden. */
export function holdsSubstitution(scope: Scope): boolean {
  for (const value of scope.variables.values()) if (/\$\(|`/.test(value)) return true;
  return false;
}

/** Texts whose substitutions run when bash evaluates `text` as an arithmetic expression. */
export function evaluatedTexts(text: string, scope: Scope, depth = 0, seen = new Set<string>()): string[] {
  if (depth > MAX_DEPTH) return [];
  const found: string[] = SUBSCRIPT_RUNS.test(text) ? [text] : [];
  for (const match of text.matchAll(IDENTIFIER)) {
    const name = match[0];
    if (seen.has(name)) continue;
    seen.add(name);
    const value = scope.variables.get(name);
    if (value !== undefined && value !== "") found.push(...evaluatedTexts(value, scope, depth + 1, seen));
  }
  return found;
}

/** The name itself when resolving it runs a substitution in its subscript (`a[$(cmd)]`). */
export function evaluatedName(name: string): string[] {
  return NAME_WITH_SUBSCRIPT_RUNS.test(name) ? [name] : [];
}

const OFFSET = /^\$\{[A-Za-z_]\w*(?:\[[^\]]*\])?:(?![-=?+])(.*)\}$/s;

/** For one parameter expansion: what its subscript, offset or indirection evaluates. */
function expansionTexts(node: Node, scope: Scope): string[] {
  const text = node.text;
  if (text.startsWith("${#")) return [];
  const found: string[] = [];
  const subscript = node.namedChildren.find((child) => child.type === "subscript");
  const index = subscript?.namedChildren[1];
  if (index) found.push(...evaluatedTexts(index.text, scope));
  const offset = OFFSET.exec(text);
  if (offset) found.push(...evaluatedTexts(offset[1]!, scope));
  const indirect = /^\$\{!([A-Za-z_]\w*)\}$/.exec(text);
  if (indirect) found.push(...evaluatedName(scope.variables.get(indirect[1]!) ?? ""));
  return found;
}

const ARITHMETIC_TEST = /^-(eq|ne|lt|le|gt|ge)$/;

/** For `[[ … ]]`: operands of -eq and the like are arithmetic, the operand of -v is a name. */
function testTexts(node: Node, scope: Scope): string[] {
  const found: string[] = [];
  const stack: Node[] = [node];
  while (stack.length > 0) {
    const current = stack.pop()!;
    const operator = current.children.find((child) => child?.type === "test_operator")?.text;
    if (current.type === "binary_expression" && operator && ARITHMETIC_TEST.test(operator)) {
      for (const side of current.namedChildren)
        if (side.type !== "test_operator") found.push(...evaluatedTexts(unquoted(side), scope));
    } else if (current.type === "unary_expression" && operator === "-v") {
      const operand = current.namedChildren.find((child) => child.type !== "test_operator");
      if (operand) found.push(...evaluatedName(unquoted(operand)));
    }
    for (const child of current.namedChildren) stack.push(child);
  }
  return found;
}

function unquoted(node: Node): string {
  if (node.type === "raw_string") return node.text.slice(1, -1);
  if (node.type === "string") return node.text.slice(1, -1);
  return node.text;
}

/** Texts whose substitutions run when bash evaluates the arithmetic of this node, if it has any. */
export function arithmeticTexts(node: Node, scope: Scope): string[] {
  switch (node.type) {
    case "arithmetic_expansion":
      return evaluatedTexts(node.text.slice(3, -2), scope);
    case "compound_statement":
      return node.text.startsWith("((") ? evaluatedTexts(node.text.slice(2, -2), scope) : [];
    case "c_style_for_statement":
      return node.namedChildren
        .filter((child) => child.type !== "do_group" && child.type !== "compound_statement")
        .flatMap((child) => evaluatedTexts(child.text, scope));
    case "test_command":
      return testTexts(node, scope);
    case "expansion":
      return expansionTexts(node, scope);
    case "subscript": {
      const index = node.namedChildren[1];
      return index ? evaluatedTexts(index.text, scope) : [];
    }
    default:
      return [];
  }
}
