import type { RuleHit } from "../finding.js";
import type { SyntaxNode as Node } from "../parse/syntax-node.js";

const CONDITIONAL = new Set([
  "if_statement",
  "while_statement",
  "for_statement",
  "c_style_for_statement",
  "case_statement",
  "list",
]);
const HIT: RuleHit = {
  rule: "forkbomb.shell",
  severity: "catastrophic",
  reason:
    "this spawns processes without bound (a fork bomb), which would exhaust the machine; run a bounded number of jobs instead.",
};

function backgrounded(node: Node): boolean {
  return node.nextSibling?.type === "&";
}

function unquoted(text: string): string {
  return text.replace(/["'\\]/g, "");
}

/** A function that calls itself in a new process (pipeline, background, subshell) unconditionally. */
export function forkBombInFunction(definition: Node): RuleHit | undefined {
  const name = definition.childForFieldName("name")?.text;
  const body = definition.childForFieldName("body");
  if (!name || !body) return undefined;
  const stack: Array<{ node: Node; spawns: boolean }> = [{ node: body, spawns: false }];
  let visited = 0;
  while (stack.length > 0 && visited < 5000) {
    const { node, spawns } = stack.pop()!;
    visited += 1;
    if (CONDITIONAL.has(node.type) || node.type === "function_definition") continue;
    const newProcess =
      spawns ||
      node.type === "pipeline" ||
      node.type === "subshell" ||
      node.type === "command_substitution" ||
      backgrounded(node);
    if (node.type === "command") {
      const commandName = node.childForFieldName("name");
      if (commandName && unquoted(commandName.text) === name && newProcess) return HIT;
    }
    for (const child of node.namedChildren) if (child) stack.push({ node: child, spawns: newProcess });
  }
  return undefined;
}

function unbounded(loop: Node): boolean {
  if (loop.type === "c_style_for_statement") {
    // `for ((;;))`, and `for ((i=0; i>=0; i++))` whose condition can never turn false.
    const header = /^for\s*\(\(([^;]*);([^;]*);([^)]*)\)\)/.exec(loop.text);
    if (!header) return false;
    const condition = header[2]!.trim();
    const step = header[3]!;
    if (condition === "" || /^[1-9]\d*$/.test(condition)) return true;
    const growing = /^(\w+)\s*>=?\s*0$/.exec(condition);
    return (
      growing !== null && new RegExp(`${growing[1]}\\s*(\\+\\+|\\+=)|\\+\\+\\s*${growing[1]}`).test(step)
    );
  }
  if (loop.type !== "while_statement") return false;
  const keyword = loop.firstChild?.type;
  const condition = loop.childForFieldName("condition");
  const text = condition?.text.trim() ?? "";
  if (keyword === "until")
    return /^(false|\/bin\/false|\[\s*0\s*-eq\s*1\s*\]|\[\s*1\s*=\s*0\s*\]|\[\s*(\S+)\s*!=\s*\2\s*\])$/.test(
      text,
    );
  // Conditions that never fail: true, :, sleep N, constant tests.
  return /^(true|:|\/bin\/true|sleep\s+[\d.]+|\[\s*1\s*\]|\(\(\s*[1-9]\d*\s*\)\)|\[\s*1\s*-eq\s*1\s*\]|\[\s*(\S+)\s*=\s*\2\s*\]|test\s+1)$/.test(
    text,
  );
}

/** `while true; do … & done`: an endless loop that starts a background process every round. */
export function forkBombInLoop(loop: Node): RuleHit | undefined {
  if (!unbounded(loop)) return undefined;
  const body = loop.childForFieldName("body");
  if (!body) return undefined;
  const stack: Node[] = [body];
  let visited = 0;
  while (stack.length > 0 && visited < 5000) {
    const node = stack.pop()!;
    visited += 1;
    const coproc = node.type === "command" && node.childForFieldName("name")?.text === "coproc";
    if (node !== body && (backgrounded(node) || coproc)) {
      if (node.type !== "comment") {
        return {
          ...HIT,
          reason:
            "an endless loop that starts a background process every round is a fork bomb; bound the loop or wait for each job.",
        };
      }
    }
    if (node.type === "if_statement" || node.type === "case_statement") continue;
    for (const child of node.namedChildren) if (child) stack.push(child);
  }
  return undefined;
}
