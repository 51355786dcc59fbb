import type { SyntaxNode as Node } from "../../parse/syntax-node.js";
import { buildInvocation, stdinOf } from "../build-invocation.js";
import { lazyStdin, type Stdin } from "../invocation.js";
import { invocationOutput } from "../static-output.js";
import type { ScriptWalker } from "./script-walker.js";

/** Each element reads the static output of the one before it, worked out only if something reads it. */
export function walkPipeline(
  walker: ScriptWalker,
  elements: readonly Node[],
  stdin: Stdin | undefined,
  depth: number,
): void {
  let input = stdin;
  for (const element of elements) {
    walker.walk(element, input, depth + 1);
    const producerInput = input;
    input = lazyStdin(
      "pipe",
      () => walker.statementOutput(element, producerInput),
      () => walker.statementOutput(element, producerInput, true),
    );
  }
}

/** `cat <<EOF | sh`: a pipeline whose first command carries redirects tree-sitter hung elsewhere. */
export function walkPipelineFrom(
  walker: ScriptWalker,
  first: Node,
  firstRedirects: Node[],
  rest: Node[],
  stdin: Stdin | undefined,
  depth: number,
): void {
  walker.command(first, firstRedirects, stdin, depth);
  const producerStdin = stdinOf(firstRedirects, walker.quietExpansion, []) ?? stdin;
  let previous = lazyStdin("pipe", () =>
    invocationOutput(
      buildInvocation(first, firstRedirects, producerStdin, walker.quietExpansion),
      walker.scope,
    ),
  );
  for (const element of rest) {
    walker.walk(element, previous, depth + 1);
    const input = previous;
    previous = lazyStdin(
      "pipe",
      () => walker.statementOutput(element, input),
      () => walker.statementOutput(element, input, true),
    );
  }
}
