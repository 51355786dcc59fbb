import type { AndOr, Command, Pipeline } from "./plain-statements.js";
import type { Token } from "./plain-tokens.js";
import { SyntaxNode } from "./syntax-node.js";

/** Emits SyntaxNodes in the order copyTree does (pre-order ids, children in source order). */
export class TreeBuilder {
  private nextId = 0;

  constructor(private readonly text: string) {}

  private node(
    type: string,
    isNamed: boolean,
    start: number,
    end: number,
    field: string | null,
    parent: SyntaxNode | null,
  ): SyntaxNode {
    const node = new SyntaxNode(
      this.text,
      this.nextId++,
      type,
      isNamed,
      start,
      end,
      field,
      parent,
      parent ? parent.children.length : 0,
    );
    parent?.children.push(node);
    return node;
  }

  program(items: readonly AndOr[], start: number): SyntaxNode {
    const root = this.node("program", true, start, this.text.length, null, null);
    for (const item of items) {
      this.andOr(item, item.pipelines.length - 1, root);
      const separator = item.separator;
      if (separator) this.node(";", false, separator.start, separator.end, null, root);
    }
    return root;
  }

  /** tree-sitter nests `a && b || c` to the left: list(list(a && b) || c). */
  private andOr(item: AndOr, last: number, parent: SyntaxNode): void {
    if (last === 0) {
      this.pipeline(item.pipelines[0]!, parent);
      return;
    }
    const start = item.pipelines[0]!.commands[0]!.words[0]!.start;
    const list = this.node("list", true, start, pipelineEnd(item.pipelines[last]!), null, parent);
    this.andOr(item, last - 1, list);
    const operator = item.operators[last - 1]!;
    this.node(operator.kind, false, operator.start, operator.end, null, list);
    this.pipeline(item.pipelines[last]!, list);
  }

  private pipeline(pipeline: Pipeline, parent: SyntaxNode): void {
    const { commands, bars } = pipeline;
    if (commands.length === 1) {
      this.statement(commands[0]!, parent);
      return;
    }
    const start = commands[0]!.words[0]!.start;
    const node = this.node("pipeline", true, start, pipelineEnd(pipeline), null, parent);
    commands.forEach((command, position) => {
      const bar = bars[position - 1];
      if (bar) this.node("|", false, bar.start, bar.end, null, node);
      this.statement(command, node);
    });
  }

  private statement(command: Command, parent: SyntaxNode): void {
    if (command.redirects.length === 0) {
      this.command(command.words, null, parent);
      return;
    }
    const start = command.words[0]!.start;
    const node = this.node("redirected_statement", true, start, commandEnd(command), null, parent);
    this.command(command.words, "body", node);
    for (const { descriptor, operator, destination } of command.redirects) {
      const from = (descriptor ?? operator).start;
      const redirect = this.node("file_redirect", true, from, destination.end, "redirect", node);
      if (descriptor)
        this.node("file_descriptor", true, descriptor.start, descriptor.end, "descriptor", redirect);
      this.node(operator.kind, false, operator.start, operator.end, null, redirect);
      this.word(destination, "destination", redirect);
    }
  }

  private command(words: readonly Token[], field: string | null, parent: SyntaxNode): void {
    const first = words[0]!;
    const command = this.node("command", true, first.start, words.at(-1)!.end, field, parent);
    const name = this.node("command_name", true, first.start, first.end, "name", command);
    this.word(first, null, name);
    for (let position = 1; position < words.length; position += 1)
      this.word(words[position]!, "argument", command);
  }

  private word(token: Token, field: string | null, parent: SyntaxNode): void {
    const node = this.node(token.kind, true, token.start, token.end, field, parent);
    if (token.kind === "concatenation") {
      for (const part of token.parts!) this.word(part, null, node);
      return;
    }
    if (token.kind === "simple_expansion" || token.kind === "expansion") {
      const name = token.parts![0]!;
      this.node(token.kind === "expansion" ? "${" : "$", false, token.start, name.start, null, node);
      this.node("variable_name", true, name.start, name.end, null, node);
      if (token.kind === "expansion") this.node("}", false, name.end, token.end, null, node);
      return;
    }
    if (token.kind !== "string") return;
    this.node('"', false, token.start, token.start + 1, null, node);
    if (token.parts) for (const piece of token.parts) this.word(piece, null, node);
    else if (token.end - token.start > 2)
      this.node("string_content", true, token.start + 1, token.end - 1, null, node);
    this.node('"', false, token.end - 1, token.end, null, node);
  }
}

function commandEnd(command: Command): number {
  return command.redirects.at(-1)?.destination.end ?? command.words.at(-1)!.end;
}

function pipelineEnd(pipeline: Pipeline): number {
  return commandEnd(pipeline.commands.at(-1)!);
}
