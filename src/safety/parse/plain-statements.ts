/** How the tokens of a plain script group into statements, pipelines and commands (see simple-script.ts). */
import { type Token, type TokenKind, WORD_KINDS } from "./plain-tokens.js";

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
const REDIRECTS: ReadonlySet<TokenKind> = new Set([">", ">>", "<", ">&", ">|", "&>", "&>>"]);
/** Longer `&&`/`||` chains go the long way: the tree builder nests one level per operator. */
const MAX_CHAIN = 256;

export interface Redirect {
  readonly descriptor: Token | undefined;
  readonly operator: Token;
  readonly destination: Token;
}
export interface Command {
  readonly words: readonly Token[];
  readonly redirects: readonly Redirect[];
}
export interface Pipeline {
  readonly commands: readonly Command[];
  /** The `|` between each two commands. */
  readonly bars: readonly Token[];
}
/** Pipelines joined by `&&`/`||`, with the operators between them, and the `;` after them if any. */
export interface AndOr {
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
  if (token.kind === "concatenation")
    return token.parts!.every(
      (part) =>
        part.kind === "raw_string" ||
        (part.kind === "string" && part.parts === undefined) ||
        (part.kind === "word" && COMMAND_NAME.test(text.slice(part.start, part.end))),
    );
  if (token.kind !== "word") return false;
  const name = text.slice(token.start, token.end);
  return COMMAND_NAME.test(name) && !SPECIAL_NAMES.has(name);
}

/**
 * Groups tokens as `cmd [redirect]… [| cmd]… [&&|| pipeline]…` statements ended by `;` or a line
 * break; undefined for any other shape.
 */
export function statementsOf(text: string, tokens: readonly Token[]): AndOr[] | undefined {
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
    if (WORD_KINDS.has(token.kind)) {
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
