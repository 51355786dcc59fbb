import type { SyntaxNode as Node } from "../parse/syntax-node.js";
import { isBroadGlob } from "../rules/protected-paths.js";
import { assignmentOf, buildInvocation, REDIRECT_NODES, redirectOf, stdinOf } from "./build-invocation.js";
import type { ExpansionContext } from "./expand-word.js";
import { expandWord } from "./expand-word.js";
import {
  EVERY_ENTRY,
  type ExpandedWord,
  hasUnknown,
  literalWord,
  UNKNOWN,
  UNKNOWN_NONEMPTY,
} from "./expanded-word.js";
import {
  type Assignment,
  type Invocation,
  knownStdin,
  lazyStdin,
  type Stdin,
  writesTarget,
} from "./invocation.js";
import { basename, resolvePath, virtualPath } from "./paths.js";
import type { Scope } from "./scope.js";
import { invocationOutput, isStatement, SEQUENCE_NODES } from "./static-output.js";

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

/** `d=$(mktemp -d)`: a variable the script sets from a command is unknown but taken to be non-empty. */
function assignedValue(value: string): string {
  return value.replaceAll(UNKNOWN, UNKNOWN_NONEMPTY);
}
const MAX_OUTPUT_DEPTH = 40;

/**
 * Walks a parsed script in execution order and reports every simple command wherever it stands:
 * lists, pipelines, compound commands, function bodies, `$( )`, backticks, `<( )`, heredoc bodies
 * that expand. Keeps the scope (variables, cwd, files) up to date as it goes.
 */
export class ScriptWalker {
  readonly expansion: ExpansionContext;
  private readonly quietExpansion: ExpansionContext;
  private outputDepth = 0;
  private readonly activeFunctions = new Set<number>();
  private lastNode: Node | undefined;
  private readonly functionCalls = new Map<number, number>();
  /** Redirects tree-sitter hangs on a whole `a && b > f` list, moved to the command they belong to (b). */
  private readonly attached = new Map<number, Node[]>();

  constructor(
    readonly scope: Scope,
    private readonly visitor: WalkVisitor,
    /** Extra loop-body walks left, shared by every script of one check so re-parsing cannot multiply them. */
    private readonly budget: { loops: number } = { loops: 64 },
  ) {
    this.expansion = {
      scope,
      substitutionOutput: (node) => this.substitutionOutput(node),
      promptExpansion: (value, node) => visitor.promptExpansion(value, node),
    };
    this.quietExpansion = {
      scope,
      substitutionOutput: (node) => this.substitutionOutput(node),
      promptExpansion: () => {},
    };
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
        for (const child of node.namedChildren) if (child) this.scope.variables.delete(child.text);
        this.nested(node, depth);
        return;
      case "variable_assignment": {
        this.nested(node, depth);
        const assignment = assignmentOf(node, this.expansion, false);
        if (assignment) this.scope.variables.set(assignment.name, assignedValue(assignment.value.value));
        return;
      }
      case "redirected_statement":
        this.redirected(node, stdin, depth);
        return;
      case "pipeline":
        this.pipeline(this.statements(node), stdin, depth);
        return;
      case "function_definition": {
        // A body runs only when the function is called; it is judged then, with its arguments.
        const name = node.childForFieldName("name");
        const functionName = name?.text.replace(/["'\\]/g, "");
        if (functionName) this.scope.functions.set(functionName, node);
        // bash calls command_not_found_handle for any unknown command: judge it now.
        if (functionName === "command_not_found_handle") {
          const span = [node.startIndex, node.endIndex] as const;
          this.callFunction(
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
        return;
      }
      case "for_statement":
        this.visitor.loop(node);
        this.forLoop(node, stdin, depth);
        return;
      case "while_statement":
        this.visitor.loop(node);
        this.whileLoop(node, stdin, depth);
        return;
      case "c_style_for_statement":
        this.visitor.loop(node);
        break;
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
        for (const child of this.statements(node)) this.walk(child, undefined, depth + 1);
        return;
      default:
        break;
    }
    for (const child of node.namedChildren) if (child) this.walk(child, stdin, depth + 1);
  }

  statements(node: Node): Node[] {
    return node.namedChildren.filter((child): child is Node => child !== null && isStatement(child));
  }

  /** Walks the `$( )` and `<( )` inside a command's words, which run before it. */
  private nested(node: Node, depth: number): void {
    // Most commands hold no substitution at all; skip the descendant scan for them.
    if (!/[$<>]\(|`/.test(node.text)) return;
    const stack: Node[] = [...node.namedChildren.filter((child): child is Node => child !== null)];
    while (stack.length > 0) {
      const current = stack.pop()!;
      if (current.type === "command_substitution" || current.type === "process_substitution") {
        this.walk(current, undefined, depth + 1);
        continue;
      }
      if (current.type === "heredoc_body") this.heredocBackticks(current);
      if (current.type === "arithmetic_expansion" || current.type === "test_command")
        this.arithmeticVariables(current);
      for (const child of current.namedChildren) if (child) stack.push(child);
    }
  }

  /** Runs a function body at its call, with $1… set from the call's words (bounded per function). */
  private callFunction(invocation: Invocation, depth: number): void {
    const [first, ...args] = invocation.words;
    if (!first || first.dynamic) return;
    const definition = this.scope.functions.get(first.value);
    const body = definition?.childForFieldName("body");
    if (!definition || !body || this.activeFunctions.has(definition.id)) return;
    const calls = this.functionCalls.get(definition.id) ?? 0;
    if (calls >= 3) return;
    this.functionCalls.set(definition.id, calls + 1);
    if (calls === 0) this.visitor.functionDefinition(definition);
    const redirects = [
      ...definition.children,
      ...(definition.parent?.type === "redirected_statement" ? definition.parent.children : []),
    ]
      .filter((child) => child.type === "file_redirect")
      .map((redirect) => redirectOf(redirect, this.expansion));
    if (redirects.length > 0) this.visitor.command({ ...invocation, words: [], redirects }, definition);
    const saved = new Map<string, string | undefined>();
    const positional: Array<[string, string]> = args.map((word, index) => [String(index + 1), word.value]);
    positional.push(
      ["@", args.map((word) => word.value).join(" ")],
      ["*", args.map((word) => word.value).join(" ")],
    );
    for (const [name, value] of positional) {
      saved.set(name, this.scope.variables.get(name));
      this.scope.variables.set(name, value);
    }
    this.activeFunctions.add(definition.id);
    try {
      this.walk(body, invocation.stdin, depth + 1);
    } finally {
      this.activeFunctions.delete(definition.id);
      for (const [name, value] of saved) {
        if (value === undefined) this.scope.variables.delete(name);
        else this.scope.variables.set(name, value);
      }
    }
  }

  /** Walks a loop body once per known value of the loop variable (bounded), else once with it unknown. */
  private loopBody(
    body: Node,
    variable: string,
    values: readonly string[] | undefined,
    stdin: Stdin | undefined,
    depth: number,
  ): void {
    const rounds = values && values.length <= 8 && this.budget.loops >= values.length ? values : undefined;
    if (rounds) this.budget.loops -= rounds.length;
    for (const value of rounds ?? [UNKNOWN_NONEMPTY]) {
      this.scope.variables.set(variable, value);
      this.walk(body, stdin, depth + 1);
    }
  }

  private forLoop(node: Node, stdin: Stdin | undefined, depth: number): void {
    const variable = node.childForFieldName("variable")?.text;
    const body = node.childForFieldName("body");
    const valueNodes = node.children.filter((child) => child.field === "value");
    for (const value of valueNodes) {
      if (value.type === "command_substitution" || value.type === "process_substitution")
        this.walk(value, undefined, depth + 1);
      else this.nested(value, depth);
    }
    if (!variable || !body) return;
    const words = valueNodes.flatMap((value) => this.expand(value));
    const computed = valueNodes.length === 0 || words.some((word) => word.dynamic && hasUnknown(word.value));
    this.loopBody(body, variable, computed ? undefined : words.map(loopValue), stdin, depth);
  }

  /** `… | while read -r line; do …; done`: the variable takes each line of the loop's input. */
  private whileLoop(node: Node, stdin: Stdin | undefined, depth: number): void {
    const body = node.childForFieldName("body");
    const conditions = node.children.filter((child) => child.field === "condition" && child.isNamed);
    for (const condition of conditions) this.walk(condition, stdin, depth + 1);
    if (!body) return;
    const reader = conditions.length === 1 && conditions[0]!.type === "command" ? conditions[0]! : undefined;
    const words = reader
      ? this.expand(reader.namedChildren[0] ?? reader).concat(
          reader.namedChildren.slice(1).flatMap((child) => this.expand(child)),
        )
      : [];
    if (words[0]?.value !== "read") {
      this.walk(body, stdin, depth + 1);
      return;
    }
    const variable = words.slice(1).find((word) => /^[A-Za-z_]\w*$/.test(word.value))?.value ?? "REPLY";
    const text = stdin?.read();
    const lines =
      text === undefined || hasUnknown(text) ? undefined : text.split("\n").filter((line) => line !== "");
    this.loopBody(body, variable, lines, stdin, depth);
  }

  /** `$((x))`, `[[ $x -eq 1 ]]`: arithmetic evaluates a variable's value, running `a[$(cmd)]` in it. */
  private arithmeticVariables(node: Node): void {
    for (const match of node.text.matchAll(/[A-Za-z_]\w*/g)) {
      const value = this.scope.variables.get(match[0]);
      if (value !== undefined && /\$\(|`/.test(value)) this.visitor.promptExpansion(value, node);
    }
  }

  private heredocBackticks(body: Node): void {
    const start = body.parent?.children.find((child) => child?.type === "heredoc_start")?.text ?? "'";
    if (/['"\\]/.test(start)) return;
    const parsed = body.namedChildren.some((child) => child.type === "command_substitution");
    if (body.text.includes("`") || (!parsed && body.text.includes("$("))) this.visitor.backticks(body);
  }

  private command(
    node: Node,
    extraRedirects: readonly Node[],
    stdin: Stdin | undefined,
    depth: number,
  ): void {
    this.nested(node, depth);
    for (const redirect of extraRedirects) this.nested(redirect, depth);
    const invocation = buildInvocation(node, extraRedirects, stdin, this.expansion);
    const [first] = invocation.words;
    if (first && !first.dynamic && this.scope.functions.has(first.value)) {
      // Calling a shell function runs its body, not a program of that name.
      this.visitor.command({ ...invocation, words: [] }, node);
      this.callFunction(invocation, depth);
      return;
    }
    this.visitor.command(invocation, node);
    this.lastNode = node;
    this.applyEffects(invocation);
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
      this.scope.variables.set(assignment.name, assignedValue(assignment.value.value));
    }
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

  private redirected(node: Node, stdin: Stdin | undefined, depth: number): void {
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
        else if (part.type === "pipeline") consumers.push(...this.statements(part));
        else if (!part.type.startsWith("heredoc") && isStatement(part)) after.push(part);
      }
    }
    const last = body && consumers.length === 0 ? this.lastCommandOf(body) : undefined;
    if (body && last && last !== body) {
      this.attached.set(last.id, [...(this.attached.get(last.id) ?? []), ...redirectNodes]);
      this.walk(body, stdin, depth + 1);
    } else if (body?.type === "command") {
      if (consumers.length > 0) this.pipelineFrom(body, redirectNodes, consumers, stdin, depth);
      else this.command(body, redirectNodes, stdin, depth);
    } else if (body) {
      for (const redirect of redirectNodes) this.nested(redirect, depth);
      const redirects = redirectNodes
        .filter((r) => r.type === "file_redirect")
        .map((r) => redirectOf(r, this.expansion));
      const bodyStdin = stdinOf(redirectNodes, this.expansion, redirects) ?? stdin;
      const span = [node.startIndex, node.endIndex] as const;
      this.visitor.command({ words: [], assignments: [], redirects, stdin: bodyStdin, span }, node);
      if (consumers.length > 0) this.pipeline([body, ...consumers], bodyStdin, depth);
      else this.walk(body, bodyStdin, depth + 1);
    }
    if (!body) {
      for (const redirect of redirectNodes) this.nested(redirect, depth);
      const redirects = redirectNodes
        .filter((redirect) => redirect.type === "file_redirect")
        .map((redirect) => redirectOf(redirect, this.expansion));
      this.visitor.command(
        { words: [], assignments: [], redirects, stdin, span: [node.startIndex, node.endIndex] },
        node,
      );
    }
    for (const statement of after) this.walk(statement, undefined, depth + 1);
  }

  /** In `a && b | c > f` the redirect belongs to c: the rightmost command of a list or pipeline. */
  private lastCommandOf(node: Node): Node | undefined {
    let current: Node | undefined = node;
    while (current && (current.type === "list" || current.type === "pipeline")) {
      const statements = this.statements(current);
      current = statements.at(-1);
    }
    return current?.type === "command" ? current : undefined;
  }

  private pipelineFrom(
    first: Node,
    firstRedirects: Node[],
    rest: Node[],
    stdin: Stdin | undefined,
    depth: number,
  ): void {
    this.command(first, firstRedirects, stdin, depth);
    const producerStdin = stdinOf(firstRedirects, this.quietExpansion, []) ?? stdin;
    let previous = lazyStdin("pipe", () =>
      invocationOutput(
        buildInvocation(first, firstRedirects, producerStdin, this.quietExpansion),
        this.scope,
      ),
    );
    for (const element of rest) {
      this.walk(element, previous, depth + 1);
      const input = previous;
      previous = lazyStdin("pipe", () => this.statementOutput(element, input));
    }
  }

  private pipeline(elements: readonly Node[], stdin: Stdin | undefined, depth: number): void {
    let input = stdin;
    for (const element of elements) {
      this.walk(element, input, depth + 1);
      const producerInput = input;
      input = lazyStdin("pipe", () => this.statementOutput(element, producerInput));
    }
  }

  private substitutionOutput(node: Node): string | undefined {
    return this.statementOutput(node, undefined);
  }

  /** The static stdout of a statement, for the statements whose output is knowable. */
  statementOutput(node: Node, stdin: Stdin | undefined): string | undefined {
    if (this.outputDepth > MAX_OUTPUT_DEPTH) return undefined;
    this.outputDepth += 1;
    try {
      return this.computeOutput(node, stdin);
    } finally {
      this.outputDepth -= 1;
    }
  }

  private computeOutput(node: Node, stdin: Stdin | undefined): string | undefined {
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
        return this.statementOutput(body, bodyStdin);
      }
      case "pipeline": {
        let input = stdin;
        let output: string | undefined;
        for (const element of this.statements(node)) {
          output = this.statementOutput(element, input);
          input = knownStdin("pipe", output);
        }
        return output;
      }
      case "variable_assignment":
        return "";
      default: {
        if (!SEQUENCE_NODES.has(node.type)) return undefined;
        let output = "";
        for (const statement of this.statements(node)) {
          const part = this.statementOutput(statement, stdin);
          if (part === undefined) return undefined;
          output += part;
        }
        return output;
      }
    }
  }

  /** `cd`, `alias`, `hash -p` and files written with known content change what later commands mean. */
  private applyEffects(invocation: Invocation): void {
    const [first, ...rest] = invocation.words;
    if (first && !first.dynamic) {
      const name = basename(first.value);
      const args = rest.map((word) => word.value);
      if (name === "cd" || name === "pushd") {
        const target = args.find((arg) => !/^-[LPe@]+$/.test(arg) && arg !== "--");
        if (target === undefined) this.scope.cwd = this.scope.variables.get("HOME");
        else if (target === "-") this.scope.cwd = undefined;
        else this.scope.cwd = resolvePath(target, this.scope.cwd);
      } else if (name === "alias") {
        for (const arg of args) {
          const match = /^([^=]+)=([\s\S]*)$/.exec(arg);
          if (match) this.scope.aliases.set(match[1]!, match[2]!);
        }
      } else if (name === "hash") {
        const index = args.indexOf("-p");
        if (index !== -1 && args[index + 1] !== undefined && args[index + 2] !== undefined) {
          this.scope.hashed.set(args[index + 2]!, args[index + 1]!);
        }
      } else if (
        name === "set" &&
        (args[0] === "--" || (args[0] !== undefined && !args[0].startsWith("-") && !args[0].startsWith("+")))
      ) {
        const values = args[0] === "--" ? args.slice(1) : args;
        values.forEach((value, index) => {
          this.scope.variables.set(String(index + 1), value);
        });
        this.scope.variables.set("@", values.join(" "));
      } else if (name === "read" && invocation.stdin) {
        const names = args.filter((arg) => /^[A-Za-z_]\w*$/.test(arg));
        const line = invocation.stdin.read()?.split("\n")[0];
        if (line !== undefined && names.length > 0) {
          const fields = line.trim().split(/\s+/);
          names.forEach((variable, index) => {
            this.scope.variables.set(
              variable,
              index === names.length - 1 ? fields.slice(index).join(" ") : (fields[index] ?? ""),
            );
          });
        }
      } else if (name === "tee" && invocation.stdin) {
        const input = invocation.stdin.read();
        for (const file of args.filter((arg) => !arg.startsWith("-"))) {
          const resolved = virtualPath(file, this.scope.cwd);
          if (resolved !== undefined) this.scope.files.set(resolved, input ?? UNKNOWN);
        }
      } else if (name === "set" && args.some((arg) => /^-[a-zA-Z]*x/.test(arg) || arg === "xtrace")) {
        // With xtrace on, every later command expands PS4, running its substitutions.
        const ps4 = this.scope.variables.get("PS4");
        if (ps4 !== undefined && /\$\(|`/.test(ps4) && this.lastNode)
          this.visitor.promptExpansion(ps4, this.lastNode);
      } else if (name === "shopt" && args.includes("-s") && args.includes("expand_aliases")) {
        this.scope.variables.set("\uE010expand_aliases", "on");
      } else if (name === "unalias") {
        for (const arg of args) this.scope.aliases.delete(arg);
      }
    }
    for (const redirect of invocation.redirects) {
      if (!writesTarget(redirect) || !redirect.target || (redirect.descriptor ?? 1) !== 1) continue;
      const resolved = virtualPath(redirect.target.value, this.scope.cwd);
      if (resolved === undefined) continue;
      const output = invocationOutput({ ...invocation, redirects: [] }, this.scope);
      const previous = redirect.operator === ">>" ? (this.scope.files.get(resolved) ?? "") : "";
      this.scope.files.set(resolved, output === undefined ? UNKNOWN : previous + output);
    }
  }

  /** Re-expands words of a command for a consumer that needs them (e.g. `find` operands). */
  expand(node: Node): ExpandedWord[] {
    return expandWord(node, this.quietExpansion);
  }
}
