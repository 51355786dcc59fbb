import type { SyntaxNode as Node } from "../../parse/syntax-node.js";
import { redirectOf } from "../build-invocation.js";
import { literalWord } from "../expanded-word.js";
import type { Invocation } from "../invocation.js";
import type { ScriptWalker } from "./script-walker.js";

/** How many calls of one function have their body walked; later calls would only repeat the verdict. */
const MAX_CALLS_PER_FUNCTION = 3;

/** Shell functions: remembered at their definition, their bodies walked at each call with its arguments. */
export class FunctionCalls {
  private readonly active = new Set<number>();
  private readonly calls = new Map<number, number>();

  constructor(private readonly walker: ScriptWalker) {}

  define(node: Node, depth: number): void {
    // A body runs only when the function is called; it is judged then, with its arguments.
    const name = node.childForFieldName("name");
    const functionName = name?.text.replace(/["'\\]/g, "");
    if (functionName) this.walker.scope.functions.set(functionName, node);
    // bash calls command_not_found_handle for any unknown command: judge it now.
    if (functionName === "command_not_found_handle") {
      const span = [node.startIndex, node.endIndex] as const;
      this.call(
        {
          words: [literalWord(functionName, span)],
          assignments: [],
          redirects: [],
          stdin: undefined,
          span,
        },
        depth,
      );
    }
  }

  /** Runs a function body at its call, with $1… set from the call's words (bounded per function). */
  call(invocation: Invocation, depth: number): void {
    const { scope, visitor } = this.walker;
    const [first, ...args] = invocation.words;
    if (!first || first.dynamic) return;
    const definition = scope.functions.get(first.value);
    const body = definition?.childForFieldName("body");
    if (!definition || !body || this.active.has(definition.id)) return;
    const calls = this.calls.get(definition.id) ?? 0;
    if (calls >= MAX_CALLS_PER_FUNCTION) return;
    this.calls.set(definition.id, calls + 1);
    if (calls === 0) visitor.functionDefinition(definition);
    const redirects = [
      ...definition.children,
      ...(definition.parent?.type === "redirected_statement" ? definition.parent.children : []),
    ]
      .filter((child) => child.type === "file_redirect")
      .map((redirect) => redirectOf(redirect, this.walker.expansion));
    if (redirects.length > 0) visitor.command({ ...invocation, words: [], redirects }, definition);
    const saved = new Map<string, string | undefined>();
    const positional: Array<[string, string]> = args.map((word, index) => [String(index + 1), word.value]);
    positional.push(
      ["@", args.map((word) => word.value).join(" ")],
      ["*", args.map((word) => word.value).join(" ")],
    );
    for (const [name, value] of positional) {
      saved.set(name, scope.variables.get(name));
      scope.variables.set(name, value);
    }
    this.active.add(definition.id);
    try {
      this.walker.walk(body, invocation.stdin, depth + 1);
    } finally {
      this.active.delete(definition.id);
      for (const [name, value] of saved) {
        if (value === undefined) scope.variables.delete(name);
        else scope.variables.set(name, value);
      }
    }
  }
}
