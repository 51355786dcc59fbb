import { SyntaxNode } from "./syntax-node.js";

/**
 * The syntax tree of a plain script, built without tree-sitter: most commands an agent sends are a
 * few literal words joined by `|`, `&&`, `||` or `;`, and for those the WebAssembly parse and the copy
 * of its tree cost more than judging them. The tree built here is the one `copyTree` makes of
 * tree-sitter-bash's parse, node for node (type, span, field, position, id), so everything after the
 * parse is the same code on the same input; test/safety/parse/simple-script.test.ts checks that
 * against the real grammar on every case and on generated scripts.
 *
 * The plain subset: words of letters, digits and `_./:,@%+-=~*`, single-quoted text, double-quoted
 * text with nothing to expand, file redirects (`2>/dev/null`, `>> log`, `2>&1`) after a command's
 * words, and `|`, `&&`, `||`, `;` and line breaks between commands. Anything else (expansions,
 * heredocs, reserved words, a word glued to a quote, `&`, comments, …) gives undefined, and the
 * caller parses with tree-sitter as before.
 */
export function parseSimpleScript(text: string): SyntaxNode | undefined {
  const tokens = tokenize(text);
  if (tokens === undefined) return undefined;
  const items = statementsOf(text, tokens);
  if (items === undefined || items.length === 0) return undefined;
  return new TreeBuilder(text).program(items, items[0]!.pipelines[0]!.commands[0]!.words[0]!.start);
}

type WordKind = "word" | "number" | "raw_string" | "string";
type TokenKind = WordKind | "file_descriptor" | RedirectOperator | "|" | "&&" | "||" | ";" | "\n";
type RedirectOperator = ">" | ">>" | "<" | ">&" | ">|" | "&>" | "&>>";

interface Token {
  readonly kind: TokenKind;
  readonly start: number;
  readonly end: number;
}

const SPACE = 1;
const WORD = 2;
/** Per ASCII code: blanks, and the characters a bare word may hold without meaning anything to bash. */
const CLASS = new Uint8Array(128);
CLASS[0x20] = SPACE;
CLASS[0x09] = SPACE;
for (const char of "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:,@%+-=~*")
  CLASS[char.charCodeAt(0)] = WORD;

const NUMBER = /^-?\d+$/;
const DIGIT_FIRST = /^-?\d/;
const DIGITS = /^\d+$/;
const DESCRIPTOR = /^[1-9]\d*$/;
/** Command names tree-sitter-bash reads as syntax (or that take assignments) rather than as a command. */
const SPECIAL_NAMES = new Set([
  "if",
  "then",
  "else",
  "elif",
  "fi",
  "for",
  "while",
  "until",
  "do",
  "done",
  "case",
  "esac",
  "in",
  "select",
  "function",
  "time",
  "coproc",
  "declare",
  "typeset",
  "export",
  "readonly",
  "local",
  "unset",
  "unsetenv",
]);
/** Operators an operand may follow only after a blank: the rest start with `&`, `|`, `;`, `<` or `>`. */
const AFTER_WORD = new Set([0x20, 0x09, 0x0a, 0x7c, 0x26, 0x3b]);

function classOf(code: number): number {
  return code < 128 ? CLASS[code]! : 0;
}

/** A redirect operator at `index` and its length, or undefined for `<<`, `<>`, `>(`, `<&`, …. */
function redirectOperator(text: string, index: number): RedirectOperator | undefined {
  const operator = /^(?:&>>|&>|>>|>&|>\||>|<)/.exec(text.slice(index, index + 3))?.[0] as
    | RedirectOperator
    | undefined;
  if (operator === undefined) return undefined;
  const next = text.charCodeAt(index + operator.length);
  // `>&-` closes the descriptor: one token to tree-sitter.
  if (operator === ">&" && next === 0x2d /* - */) return undefined;
  // What follows must start the target word (or a blank before it).
  if (Number.isNaN(next) || !(classOf(next) !== 0 || next === 0x27 || next === 0x22)) return undefined;
  return operator;
}

/** The tokens of a plain script, or undefined at the first character outside the plain subset. */
function tokenize(text: string): Token[] | undefined {
  const tokens: Token[] = [];
  let index = 0;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    const kind = classOf(code);
    if (kind === SPACE) {
      index += 1;
      continue;
    }
    const start = index;
    if (kind === WORD) {
      // `==` and `=~` as arguments are test operators to tree-sitter-bash.
      if (code === 0x3d /* = */) return undefined;
      while (index < text.length && classOf(text.charCodeAt(index)) === WORD) index += 1;
      const word = text.slice(start, index);
      const next = text.charCodeAt(index);
      // Digits glued to `<`, `0>`, `01>` are arguments or errors to tree-sitter; `2>` is a descriptor.
      if ((next === 0x3c || next === 0x3e) /* < > */ && DIGITS.test(word)) {
        const previous = tokens.at(-1);
        // It also drops a lone `-` argument just before a descriptor (`a - 2>f`).
        const dash =
          previous?.kind === "word" && previous.end - previous.start === 1 && text[previous.start] === "-";
        if (next === 0x3c || !DESCRIPTOR.test(word) || dash) return undefined;
        tokens.push({ kind: "file_descriptor", start, end: index });
        continue;
      }
      const number = NUMBER.test(word);
      // tree-sitter-bash splits `0x1f`, `1M`, `-9x` into a number and more; those go the long way.
      if (!number && DIGIT_FIRST.test(word)) return undefined;
      tokens.push({ kind: number ? "number" : "word", start, end: index });
    } else if (code === 0x27 /* ' */) {
      const close = text.indexOf("'", start + 1);
      if (close === -1 || text.slice(start + 1, close).includes("\n")) return undefined;
      index = close + 1;
      tokens.push({ kind: "raw_string", start, end: index });
    } else if (code === 0x22 /* " */) {
      index += 1;
      while (index < text.length && text[index] !== '"') {
        // Only text with no expansion, escape or line break inside the quotes.
        if ("$`\\\n!".includes(text[index]!)) return undefined;
        index += 1;
      }
      if (index === text.length) return undefined;
      // tree-sitter stretches the closing quote over blank-only content.
      if (index > start + 1 && text.slice(start + 1, index).trim() === "") return undefined;
      index += 1;
      tokens.push({ kind: "string", start, end: index });
    } else if (code === 0x3e || code === 0x3c || (code === 0x26 && text[index + 1] === ">")) {
      const operator = redirectOperator(text, index);
      if (operator === undefined) return undefined;
      index += operator.length;
      tokens.push({ kind: operator, start, end: index });
      continue;
    } else if (code === 0x7c /* | */) {
      const double = text[index + 1] === "|";
      if (!double && text[index + 1] === "&") return undefined;
      index += double ? 2 : 1;
      tokens.push({ kind: double ? "||" : "|", start, end: index });
      continue;
    } else if (code === 0x26 /* & */) {
      if (text[index + 1] !== "&") return undefined;
      index += 2;
      tokens.push({ kind: "&&", start, end: index });
      continue;
    } else if (code === 0x3b /* ; */) {
      if (text[index + 1] === ";" || text[index + 1] === "&") return undefined;
      index += 1;
      tokens.push({ kind: ";", start, end: index });
      continue;
    } else if (code === 0x0a) {
      index += 1;
      tokens.push({ kind: "\n", start, end: index });
      continue;
    } else return undefined;
    // A word ends at a blank, an operator or the end: `a'b'` and `"a"b` are concatenations.
    if (index < text.length && !AFTER_WORD.has(text.charCodeAt(index))) return undefined;
  }
  return tokens;
}

const WORDS: ReadonlySet<TokenKind> = new Set(["word", "number", "raw_string", "string"]);
const REDIRECTS: ReadonlySet<TokenKind> = new Set([">", ">>", "<", ">&", ">|", "&>", "&>>"]);
/** Longer `&&`/`||` chains go the long way: the tree builder nests one level per operator. */
const MAX_CHAIN = 256;

interface Redirect {
  readonly descriptor: Token | undefined;
  readonly operator: Token;
  readonly destination: Token;
}
interface Command {
  readonly words: readonly Token[];
  readonly redirects: readonly Redirect[];
}
interface Pipeline {
  readonly commands: readonly Command[];
  /** The `|` between each two commands. */
  readonly bars: readonly Token[];
}
/** Pipelines joined by `&&`/`||`, with the operators between them, and the `;` after them if any. */
interface AndOr {
  readonly pipelines: readonly Pipeline[];
  readonly operators: readonly Token[];
  readonly separator: Token | undefined;
}

/**
 * tree-sitter-bash reads `=`, `+`, `@` and `%` in a first word as an assignment or a variable's suffix,
 * and a leading `-` as a test operator, so a command name here has none of them.
 */
const COMMAND_NAME = /^[A-Za-z0-9_./:,~*][A-Za-z0-9_./:,~*-]*$/;

function isCommandName(text: string, token: Token): boolean {
  if (token.kind !== "word") return false;
  const name = text.slice(token.start, token.end);
  return COMMAND_NAME.test(name) && !SPECIAL_NAMES.has(name);
}

/**
 * Groups tokens as `cmd [redirect]… [| cmd]… [&&|| pipeline]…` statements ended by `;` or a line
 * break; undefined for any other shape.
 */
function statementsOf(text: string, tokens: readonly Token[]): AndOr[] | undefined {
  const items: AndOr[] = [];
  let pipelines: Pipeline[] = [];
  let operators: Token[] = [];
  let commands: Command[] = [];
  let bars: Token[] = [];
  let words: Token[] = [];
  let redirects: Redirect[] = [];
  let descriptor: Token | undefined;
  let operator: Token | undefined;
  for (const token of tokens) {
    if (WORDS.has(token.kind)) {
      if (operator) {
        redirects.push({ descriptor, operator, destination: token });
        descriptor = undefined;
        operator = undefined;
      } else if (redirects.length > 0) return undefined;
      else words.push(token);
      continue;
    }
    if (token.kind === "file_descriptor" || REDIRECTS.has(token.kind)) {
      if (words.length === 0 || operator) return undefined;
      if (token.kind === "file_descriptor") descriptor = token;
      else operator = token;
      continue;
    }
    if (operator || descriptor) return undefined;
    if (words.length === 0) {
      // A line break after `|`, `&&`, `||`, `;` or another line break only continues the script.
      if (token.kind === "\n") continue;
      return undefined;
    }
    if (!isCommandName(text, words[0]!)) return undefined;
    commands.push({ words, redirects });
    words = [];
    redirects = [];
    if (token.kind === "|") {
      bars.push(token);
      continue;
    }
    if (!pushPipeline(pipelines, { commands, bars })) return undefined;
    commands = [];
    bars = [];
    if (token.kind === "&&" || token.kind === "||") {
      operators.push(token);
      if (operators.length > MAX_CHAIN) return undefined;
      continue;
    }
    if (!pushItem(items, { pipelines, operators, separator: token.kind === ";" ? token : undefined }))
      return undefined;
    pipelines = [];
    operators = [];
  }
  if (operator || descriptor) return undefined;
  if (words.length > 0) {
    if (!isCommandName(text, words[0]!)) return undefined;
    commands.push({ words, redirects });
    if (!pushPipeline(pipelines, { commands, bars })) return undefined;
    if (!pushItem(items, { pipelines, operators, separator: undefined })) return undefined;
  } else if (commands.length > 0 || pipelines.length > 0) return undefined;
  // tree-sitter also reads `a | b | c && d` as `a | (b | c && d)`, and `a | b | c⏎d > f` as
  // `a | (b | c⏎d) > f`: a pipeline of three or more commands is plain here only without `&&`, `||`
  // and line breaks between statements.
  const long = items.some((item) => item.pipelines.some((pipeline) => pipeline.commands.length > 2));
  const andOr = items.some((item) => item.operators.length > 0);
  const lines = items.some((item, position) => position < items.length - 1 && item.separator === undefined);
  return long && (andOr || lines) ? undefined : items;
}

/**
 * tree-sitter hangs the redirects of a later command of `a | b > f` and `a && b > f` on the pipeline
 * or list before them (bash gives them to `b`; the walker moves them back): such shapes go the long way.
 */
function endsInRedirect(commands: readonly Command[]): boolean {
  return commands.some((command, position) => position > 0 && command.redirects.length > 0);
}

function pushPipeline(pipelines: Pipeline[], pipeline: Pipeline): boolean {
  if (endsInRedirect(pipeline.commands)) return false;
  pipelines.push(pipeline);
  return true;
}

function pushItem(items: AndOr[], item: AndOr): boolean {
  const { pipelines } = item;
  if (pipelines.some((pipeline, position) => position > 0 && pipeline.commands[0]!.redirects.length > 0))
    return false;
  items.push(item);
  return true;
}

/** Emits SyntaxNodes in the order copyTree does (pre-order ids, children in source order). */
class TreeBuilder {
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
    if (token.kind !== "string") return;
    this.node('"', false, token.start, token.start + 1, null, node);
    if (token.end - token.start > 2)
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
