import { SyntaxNode } from "./syntax-node.js";

/**
 * The syntax tree of a plain script, built without tree-sitter: most commands an agent sends are a
 * few literal words joined by `|`, `&&`, `||` or `;`, and for those the WebAssembly parse and the copy
 * of its tree cost more than judging them. The tree built here is the one `copyTree` makes of
 * tree-sitter-bash's parse, node for node (type, span, field, position, id), so everything after the
 * parse is the same code on the same input; test/safety/parse/simple-script.test.ts checks that
 * against the real grammar on every case and on generated scripts.
 *
 * Anything else (expansions, redirects, newlines, reserved words, a word glued to a quote, …) gives
 * undefined, and the caller parses with tree-sitter as before.
 */
export function parseSimpleScript(text: string): SyntaxNode | undefined {
  const tokens = tokenize(text);
  if (tokens === undefined || tokens.length === 0) return undefined;
  const statements = statementsOf(tokens);
  if (statements === undefined) return undefined;
  return new TreeBuilder(text).program(statements, tokens[0]!.start);
}

type TokenKind = "word" | "number" | "raw_string" | "string" | "|" | "&&" | "||" | ";";

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

function classOf(code: number): number {
  return code < 128 ? CLASS[code]! : 0;
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
    } else return undefined;
    // A word ends at a blank, an operator or the end: `a'b'` and `"a"b` are concatenations.
    const next = index < text.length ? text.charCodeAt(index) : 0x20;
    if (classOf(next) !== SPACE && next !== 0x7c && next !== 0x26 && next !== 0x3b) return undefined;
  }
  return tokens;
}

const WORDS: ReadonlySet<TokenKind> = new Set(["word", "number", "raw_string", "string"]);

type Command = readonly Token[];
interface Pipeline {
  readonly commands: readonly Command[];
  /** The `|` between each two commands. */
  readonly bars: readonly Token[];
}
/** Pipelines joined by `&&`/`||`, with the operators between them. */
interface AndOr {
  readonly pipelines: readonly Pipeline[];
  readonly operators: readonly Token[];
}
interface Statements {
  readonly items: readonly AndOr[];
  /** The `;` after each item (the last may have none). */
  readonly separators: readonly Token[];
}

/**
 * tree-sitter-bash reads `=`, `+`, `@` and `%` in a first word as an assignment or a variable's suffix,
 * so a command name here holds none of them.
 */
const COMMAND_NAME = /^[A-Za-z0-9_./:,~*-]+$/;

function isCommandName(text: string, token: Token): boolean {
  if (token.kind !== "word") return false;
  const name = text.slice(token.start, token.end);
  return COMMAND_NAME.test(name) && !SPECIAL_NAMES.has(name);
}

/** Groups tokens as `cmd [| cmd]… [&&|| pipeline]… [; …] [;]`; undefined for any other shape. */
function statementsOf(tokens: readonly Token[]): Statements | undefined {
  const items: AndOr[] = [];
  const separators: Token[] = [];
  let pipelines: Pipeline[] = [];
  let operators: Token[] = [];
  let commands: Command[] = [];
  let bars: Token[] = [];
  let command: Token[] = [];
  for (const token of tokens) {
    if (WORDS.has(token.kind)) {
      command.push(token);
      continue;
    }
    if (command.length === 0) return undefined;
    commands.push(command);
    command = [];
    if (token.kind === "|") {
      bars.push(token);
      continue;
    }
    pipelines.push({ commands, bars });
    commands = [];
    bars = [];
    if (token.kind === ";") {
      items.push({ pipelines, operators });
      separators.push(token);
      pipelines = [];
      operators = [];
    } else operators.push(token);
  }
  if (command.length > 0) {
    commands.push(command);
    pipelines.push({ commands, bars });
    items.push({ pipelines, operators });
  } else if (commands.length > 0 || pipelines.length > 0) return undefined;
  return { items, separators };
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

  program(statements: Statements, start: number): SyntaxNode | undefined {
    for (const item of statements.items) {
      for (const pipeline of item.pipelines)
        if (pipeline.commands.some((command) => !isCommandName(this.text, command[0]!))) return undefined;
    }
    const root = this.node("program", true, start, this.text.length, null, null);
    statements.items.forEach((item, position) => {
      this.andOr(item, item.pipelines.length - 1, root);
      const separator = statements.separators[position];
      if (separator) this.node(";", false, separator.start, separator.end, null, root);
    });
    return root;
  }

  /** tree-sitter nests `a && b || c` to the left: list(list(a && b) || c). */
  private andOr(item: AndOr, last: number, parent: SyntaxNode): void {
    if (last === 0) {
      this.pipeline(item.pipelines[0]!, parent);
      return;
    }
    const start = item.pipelines[0]!.commands[0]![0]!.start;
    const end = lastToken(item.pipelines[last]!).end;
    const list = this.node("list", true, start, end, null, parent);
    this.andOr(item, last - 1, list);
    const operator = item.operators[last - 1]!;
    this.node(operator.kind, false, operator.start, operator.end, null, list);
    this.pipeline(item.pipelines[last]!, list);
  }

  private pipeline(pipeline: Pipeline, parent: SyntaxNode): void {
    const { commands, bars } = pipeline;
    if (commands.length === 1) {
      this.command(commands[0]!, parent);
      return;
    }
    const node = this.node("pipeline", true, commands[0]![0]!.start, lastToken(pipeline).end, null, parent);
    commands.forEach((command, position) => {
      const bar = bars[position - 1];
      if (bar) this.node("|", false, bar.start, bar.end, null, node);
      this.command(command, node);
    });
  }

  private command(words: Command, parent: SyntaxNode): void {
    const first = words[0]!;
    const command = this.node("command", true, first.start, words.at(-1)!.end, null, parent);
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

function lastToken(pipeline: Pipeline): Token {
  return pipeline.commands.at(-1)!.at(-1)!;
}
