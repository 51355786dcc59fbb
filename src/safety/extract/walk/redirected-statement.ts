import type { SyntaxNode as Node } from "../../parse/syntax-node.js";
import { REDIRECT_NODES, redirectOf, stdinOf } from "../build-invocation.js";
import { UNKNOWN } from "../expanded-word.js";
import { type Redirect, type Stdin, writesTarget } from "../invocation.js";
import { virtualPath } from "../paths.js";
import { isStatement, statementsOf } from "../static-output.js";
import { walkPipeline, walkPipelineFrom } from "./pipelines.js";
import type { ScriptWalker } from "./script-walker.js";

/** In `a && b | c > f` the redirect belongs to c: the rightmost command of a list or pipeline. */
function lastCommandOf(node: Node): Node | undefined {
  let current: Node | undefined = node;
  while (current && (current.type === "list" || current.type === "pipeline")) {
    const statements = statementsOf(current);
    current = statements.at(-1);
  }
  return current?.type === "command" ? current : undefined;
}

/** `{ echo …; } > f`, `( … ) > f`: the file holds what the group printed, or content only known at run time. */
function recordGroupOutput(
  walker: ScriptWalker,
  body: Node,
  stdin: Stdin | undefined,
  redirects: readonly Redirect[],
): void {
  for (const redirect of redirects) {
    if (!writesTarget(redirect) || !redirect.target || (redirect.descriptor ?? 1) !== 1) continue;
    const resolved = virtualPath(redirect.target.value, walker.scope);
    if (resolved === undefined) continue;
    const output = walker.statementOutput(body, stdin);
    const previous = redirect.operator === ">>" ? (walker.scope.files.get(resolved) ?? "") : "";
    walker.scope.files.set(resolved, output === undefined ? UNKNOWN : previous + output);
  }
}

/** A statement with redirects (`cmd > f`, `{ …; } < f`, `cat <<EOF | sh`): gives each redirect to what it feeds. */
export function walkRedirected(
  walker: ScriptWalker,
  node: Node,
  stdin: Stdin | undefined,
  depth: number,
): void {
  const body = node.childForFieldName("body");
  const redirectNodes: Node[] = [];
  const consumers: Node[] = [];
  const after: Node[] = [];
  for (const child of node.children) {
    if (!child || child.id === body?.id || !child.isNamed) continue;
    if (!REDIRECT_NODES.has(child.type)) continue;
    redirectNodes.push(child);
    if (child.type !== "heredoc_redirect") continue;
    // tree-sitter hangs whatever follows `<<EOF` on the same line under the heredoc node.
    for (const part of child.children) {
      if (!part?.isNamed) continue;
      if (part.type === "file_redirect" || part.type === "herestring_redirect") redirectNodes.push(part);
      else if (part.type === "pipeline") consumers.push(...statementsOf(part));
      else if (!part.type.startsWith("heredoc") && isStatement(part)) after.push(part);
    }
  }
  const last = body && consumers.length === 0 ? lastCommandOf(body) : undefined;
  if (body && last && last !== body) {
    walker.attached.set(last.id, [...(walker.attached.get(last.id) ?? []), ...redirectNodes]);
    walker.walk(body, stdin, depth + 1);
  } else if (body?.type === "command") {
    if (consumers.length > 0) walkPipelineFrom(walker, body, redirectNodes, consumers, stdin, depth);
    else walker.command(body, redirectNodes, stdin, depth);
  } else if (body) {
    for (const redirect of redirectNodes) walker.nested(redirect, depth);
    const redirects = redirectNodes
      .filter((r) => r.type === "file_redirect")
      .map((r) => redirectOf(r, walker.expansion));
    const bodyStdin = stdinOf(redirectNodes, walker.expansion, redirects) ?? stdin;
    const span = [node.startIndex, node.endIndex] as const;
    walker.visitor.command({ words: [], assignments: [], redirects, stdin: bodyStdin, span }, node);
    if (consumers.length > 0) walkPipeline(walker, [body, ...consumers], bodyStdin, depth);
    else walker.walk(body, bodyStdin, depth + 1);
    recordGroupOutput(walker, body, bodyStdin, redirects);
  }
  if (!body) {
    for (const redirect of redirectNodes) walker.nested(redirect, depth);
    const redirects = redirectNodes
      .filter((redirect) => redirect.type === "file_redirect")
      .map((redirect) => redirectOf(redirect, walker.expansion));
    walker.visitor.command(
      { words: [], assignments: [], redirects, stdin, span: [node.startIndex, node.endIndex] },
      node,
    );
  }
  for (const statement of after) walker.walk(statement, undefined, depth + 1);
}
