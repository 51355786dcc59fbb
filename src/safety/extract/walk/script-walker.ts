import type { SyntaxNode as Node } from "../../parse/syntax-node.js";
import { assignmentOf, buildInvocation } from "../build-invocation.js";
import { NAMEREF_MARK } from "../expand-parameter.js";
import type { ExpansionContext } from "../expand-word.js";
import { expandWord } from "../expand-word.js";
import { type ExpandedWord, literalWord, UNKNOWN, UNKNOWN_NONEMPTY } from "../expanded-word.js";
import type { Assignment, Invocation, Stdin } from "../invocation.js";
import type { Scope } from "../scope.js";
import { statementsOf } from "../static-output.js";
import {
  arithmeticTexts,
  evaluatedName,
  evaluatedTexts,
  holdsSubstitution,
  INTEGER_MARK,
} from "./arithmetic.js";
import { recordArray } from "./arrays.js";
import { applyCommandEffects } from "./command-effects.js";
import { FunctionCalls } from "./function-calls.js";
import { walkForLoop, walkWhileLoop } from "./loops.js";
import { walkPipeline } from "./pipelines.js";
import { walkRedirected } from "./redirected-statement.js";
import { StatementOutput } from "./statement-output.js";

/** What the walk reports; the analysis judges, the walk only finds. */
export interface WalkVisitor {
  /** A simple command the shell could run (also `export`/`declare`, with their assignments). */
  command(invocation: Invocation, node: Node): void;
  functionDefinition(node: Node): void;
  loop(node: Node): void;
  /** `${x@P}`: the value's command substitutions run. */
  promptExpansion(value: string | undefined, node: Node): void;
  /** An unquoted heredoc body with backticks, which tree-sitter leaves as text but bash runs. */
  backticks(body: Node): void;
  /** Nesting deeper than the walk is willing to follow. */
  tooDeep(node: Node): void;
}

export const MAX_NESTING = 200;

const ARITHMETIC_NODES = new Set(["arithmetic_expansion", "test_command", "expansion", "subscript"]);

/** `d=$(mktemp -d)`: a variable the script sets from a command is unknown but taken to be non-empty. */
function assignedValue(value: string): string {
  return value.replaceAll(UNKNOWN, UNKNOWN_NONEMPTY);
}

/**
 * Walks a parsed script in execution order and reports every simple command wherever it stands:
 * lists, pipelines, compound commands, function bodies, `$( )`, backticks, `<( )`, heredoc bodies
 * that expand. Keeps the scope (variables, cwd, files) up to date as it goes. Loops, function calls,
 * redirected statements and pipelines are walked by the files of this folder named for them.
 */
export class ScriptWalker {
  readonly expansion: ExpansionContext;
  readonly quietExpansion: ExpansionContext;
  private readonly outputs: StatementOutput;
  private readonly functions: FunctionCalls;
  /** Redirects tree-sitter hangs on a whole `a && b > f` list, moved to the command they belong to (b). */
  readonly attached = new Map<number, Node[]>();

  constructor(
    readonly scope: Scope,
    readonly visitor: WalkVisitor,
    /** Extra loop-body walks left, shared by every script of one check so re-parsing cannot multiply them. */
    readonly budget: { loops: number } = { loops: 64 },
  ) {
    this.outputs = new StatementOutput(scope);
    this.quietExpansion = this.outputs.quietExpansion;
    this.expansion = {
      scope,
      substitutionOutput: (node) => this.outputs.of(node, undefined),
      promptExpansion: (value, node) => visitor.promptExpansion(value, node),
    };
    this.functions = new FunctionCalls(this);
  }

  walk(node: Node, stdin: Stdin | undefined, depth: number): void {
    if (depth > MAX_NESTING) {
      this.visitor.tooDeep(node);
      return;
    }
    switch (node.type) {
      case "comment":
      case "ERROR":
        return;
      case "command":
        this.command(node, this.attached.get(node.id) ?? [], stdin, depth);
        return;
      case "declaration_command":
        this.declaration(node, depth);
        return;
      case "unset_command":
        for (const child of node.namedChildren) {
          if (!child) continue;
          for (const name of this.expand(child)) this.evaluated(evaluatedName(name.value), node);
          this.scope.variables.delete(child.text);
        }
        this.nested(node, depth);
        return;
      case "variable_assignment": {
        this.nested(node, depth);
        const assignment = assignmentOf(node, this.expansion, false);
        if (assignment) {
          if (this.scope.variables.has(INTEGER_MARK + assignment.name))
            this.evaluated(evaluatedTexts(assignment.value.value, this.scope), node);
          this.scope.variables.set(assignment.name, assignedValue(assignment.value.value));
          recordArray(this.scope, assignment, node.text);
          // Assigning HISTFILESIZE acts at once (it truncates $HISTFILE), so it is judged like a command.
          if (assignment.name === "HISTFILESIZE") {
            const span = [node.startIndex, node.endIndex] as const;
            this.visitor.command(
              { words: [], assignments: [assignment], redirects: [], stdin: undefined, span },
              node,
            );
          }
        }
        return;
      }
      case "redirected_statement":
        walkRedirected(this, node, stdin, depth);
        return;
      case "pipeline":
        walkPipeline(this, statementsOf(node), stdin, depth);
        return;
      case "function_definition":
        this.functions.define(node, depth);
        return;
      case "for_statement":
        this.visitor.loop(node);
        walkForLoop(this, node, stdin, depth);
        return;
      case "while_statement":
        this.visitor.loop(node);
        walkWhileLoop(this, node, stdin, depth);
        return;
      case "c_style_for_statement":
        this.visitor.loop(node);
        this.arithmeticVariables(node);
        break;
      case "compound_statement":
      case "test_command":
      case "arithmetic_expansion":
        this.arithmeticVariables(node);
        break;
      case "heredoc_body":
        this.nested(node, depth);
        this.heredocBackticks(node);
        return;
      case "command_substitution":
      case "process_substitution":
        for (const child of statementsOf(node)) this.walk(child, undefined, depth + 1);
        return;
      default:
        break;
    }
    for (const child of node.namedChildren) if (child) this.walk(child, stdin, depth + 1);
  }

  statements(node: Node): Node[] {
    return statementsOf(node);
  }

  /** Walks the `$( )` and `<( )` inside a command's words, which run before it. */
  nested(node: Node, depth: number): void {
    // Most commands hold no substitution at all; skip the descendant scan for them.
    if (!/[$<>]\(|`/.test(node.text) && !(/[[{]/.test(node.text) && holdsSubstitution(this.scope))) return;
    const stack: Node[] = [...node.namedChildren.filter((child): child is Node => child !== null)];
    while (stack.length > 0) {
      const current = stack.pop()!;
      if (current.type === "command_substitution" || current.type === "process_substitution") {
        this.walk(current, undefined, depth + 1);
        continue;
      }
      if (current.type === "heredoc_body") this.heredocBackticks(current);
      if (ARITHMETIC_NODES.has(current.type)) this.arithmeticVariables(current);
      for (const child of current.namedChildren) if (child) stack.push(child);
    }
  }

  /** `$((x))`, `[[ $x -eq 1 ]]`, `${a[x]}`: arithmetic evaluates a variable's value, running `a[$(cmd)]` in it. */
  private arithmeticVariables(node: Node): void {
    this.evaluated(arithmeticTexts(node, this.scope), node);
  }

  /** Texts bash evaluates as arithmetic or as a subscripted name: their substitutions run. */
  private evaluated(texts: readonly string[], node: Node): void {
    for (const text of texts) this.visitor.promptExpansion(text, node);
  }

  private heredocBackticks(body: Node): void {
    const start = body.parent?.children.find((child) => child?.type === "heredoc_start")?.text ?? "'";
    if (/['"\\]/.test(start)) return;
    const parsed = body.namedChildren.some((child) => child.type === "command_substitution");
    if (body.text.includes("`") || (!parsed && body.text.includes("$("))) this.visitor.backticks(body);
  }

  command(node: Node, extraRedirects: readonly Node[], stdin: Stdin | undefined, depth: number): void {
    this.nested(node, depth);
    for (const redirect of extraRedirects) this.nested(redirect, depth);
    const invocation = buildInvocation(node, extraRedirects, stdin, this.expansion);
    const [first] = invocation.words;
    if (first && !first.dynamic && this.scope.functions.has(first.value)) {
      // Calling a shell function runs its body, not a program of that name.
      this.visitor.command({ ...invocation, words: [] }, node);
      this.functions.call(invocation, depth);
      return;
    }
    this.visitor.command(invocation, node);
    applyCommandEffects(invocation, node, this.scope, this.visitor);
  }

  private declaration(node: Node, depth: number): void {
    this.nested(node, depth);
    const keyword = node.firstChild?.type ?? "declare";
    const flags = node.namedChildren.filter((child) => child?.type === "word").map((child) => child!.text);
    const exported = keyword === "export" || flags.some((flag) => /^-[a-zA-Z]*x/.test(flag));
    const assignments: Assignment[] = [];
    for (const child of node.namedChildren) {
      if (child?.type !== "variable_assignment") continue;
      const assignment = assignmentOf(child, this.expansion, exported);
      if (!assignment) continue;
      assignments.push(assignment);
      this.declaredAttributes(flags, assignment, node);
      this.scope.variables.set(assignment.name, assignedValue(assignment.value.value));
      recordArray(this.scope, assignment, child.text);
    }
    for (const child of node.namedChildren)
      if (child?.type === "variable_name") this.declaredAttributes(flags, { name: child.text }, node);
    const span = [node.startIndex, node.endIndex] as const;
    const others = node.namedChildren.filter((child) =>
      /^(string|raw_string|concatenation|ansi_c_string)$/.test(child.type),
    );
    const words: ExpandedWord[] = [
      literalWord(keyword, span),
      ...flags.map((flag) => literalWord(flag, span)),
      ...others.flatMap((child) => this.expand(child)),
    ];
    this.visitor.command({ words, assignments, redirects: [], stdin: undefined, span }, node);
  }

  /** `declare -i n=…` evaluates the value and every later assignment; `declare -n r=…` names what r stands for. */
  private declaredAttributes(
    flags: readonly string[],
    assignment: { name: string; value?: ExpandedWord },
    node: Node,
  ) {
    const has = (letter: string) => flags.some((flag) => new RegExp(`^-[a-zA-Z]*${letter}`).test(flag));
    if (has("i")) {
      this.scope.variables.set(INTEGER_MARK + assignment.name, "");
      if (assignment.value) this.evaluated(evaluatedTexts(assignment.value.value, this.scope), node);
    }
    if (has("n") && assignment.value) {
      this.scope.variables.set(NAMEREF_MARK + assignment.name, assignment.value.value);
      this.evaluated(evaluatedName(assignment.value.value), node);
    }
  }

  /** The static stdout of a statement, for the statements whose output is knowable. */
  statementOutput(node: Node, stdin: Stdin | undefined, lines = false): string | undefined {
    return this.outputs.of(node, stdin, lines);
  }

  /** Re-expands words of a command for a consumer that needs them (e.g. `find` operands). */
  expand(node: Node): ExpandedWord[] {
    return expandWord(node, this.quietExpansion);
  }
}
