import type { SyntaxNode as Node } from "../../parse/syntax-node.js";
import { buildInvocation, REDIRECT_NODES, redirectOf, stdinOf } from "../build-invocation.js";
import type { ExpansionContext } from "../expand-word.js";
import { UNKNOWN } from "../expanded-word.js";
import { knownStdin, type Stdin, writesTarget } from "../invocation.js";
import type { Scope } from "../scope.js";
import { invocationOutput, SEQUENCE_NODES, statementsOf } from "../static-output.js";

const MAX_OUTPUT_DEPTH = 40;

/**
 * The static stdout of statements whose output is knowable (`echo`, pipelines of text filters,
 * lists of those), for `$( )` values and pipeline inputs. Expands quietly: working out an output
 * must not report the prompt expansions a real run would.
 */
export class StatementOutput {
  readonly quietExpansion: ExpansionContext;
  private depth = 0;

  constructor(private readonly scope: Scope) {
    this.quietExpansion = {
      scope,
      substitutionOutput: (node) => this.of(node, undefined),
      promptExpansion: () => {},
    };
  }

  /**
   * With `lines`, an unknown statement of a sequence (`crontab -l` in `(crontab -l; echo …)`) adds one
   * UNKNOWN line instead of making the whole output unknown: for consumers that judge line by line.
   */
  of(node: Node, stdin: Stdin | undefined, lines = false): string | undefined {
    if (this.depth > MAX_OUTPUT_DEPTH) return undefined;
    this.depth += 1;
    try {
      return this.compute(node, stdin, lines);
    } finally {
      this.depth -= 1;
    }
  }

  private compute(node: Node, stdin: Stdin | undefined, lines: boolean): string | undefined {
    switch (node.type) {
      case "command":
        return invocationOutput(buildInvocation(node, [], stdin, this.quietExpansion), this.scope);
      case "negated_command":
      case "redirected_statement": {
        const body = node.childForFieldName("body") ?? node.namedChildren[0];
        if (!body) return undefined;
        const redirectNodes = node.namedChildren.filter(
          (child): child is Node => child !== null && REDIRECT_NODES.has(child.type),
        );
        if (redirectNodes.some((child) => child.children.some((part) => part?.type === "pipeline")))
          return undefined;
        const redirects = redirectNodes
          .filter((r) => r.type === "file_redirect")
          .map((r) => redirectOf(r, this.quietExpansion));
        if (redirects.some((redirect) => writesTarget(redirect) && (redirect.descriptor ?? 1) === 1))
          return "";
        const bodyStdin = stdinOf(redirectNodes, this.quietExpansion, redirects) ?? stdin;
        return this.of(body, bodyStdin, lines);
      }
      case "pipeline": {
        let input = stdin;
        let output: string | undefined;
        const elements = statementsOf(node);
        const last = elements.at(-1);
        for (const element of elements) {
          output = this.of(element, input, lines && element === last);
          input = knownStdin("pipe", output);
        }
        return output;
      }
      case "variable_assignment":
        return "";
      default: {
        if (!SEQUENCE_NODES.has(node.type)) return undefined;
        let output = "";
        for (const statement of statementsOf(node)) {
          const part = this.of(statement, stdin, lines);
          if (part === undefined && !lines) return undefined;
          output += part ?? `${UNKNOWN}\n`;
        }
        return output;
      }
    }
  }
}
