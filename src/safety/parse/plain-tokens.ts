/** The tokens of the plain-script subset (see simple-script.ts); undefined for anything outside it. */

type WordKind =
  | "word"
  | "number"
  | "raw_string"
  | "string"
  | "concatenation"
  | "simple_expansion"
  | "expansion";
export type TokenKind =
  | WordKind
  | "variable_name"
  | "string_content"
  | "file_descriptor"
  | RedirectOperator
  | "|"
  | "&&"
  | "||"
  | ";"
  | "\n";
type RedirectOperator = ">" | ">>" | "<" | ">&" | ">|" | "&>" | "&>>";

export interface Token {
  readonly kind: TokenKind;
  readonly start: number;
  readonly end: number;
  /**
   * The words, numbers and quoted texts a concatenation (`--include='*.sh'`, `r''eboot`) is made of;
   * the text and expansions of a double-quoted string that has some; the name of an expansion.
   */
  readonly parts?: readonly Token[];
}

/** Tokens that are words, or parts that glue into one word. */
export const WORD_KINDS: ReadonlySet<TokenKind> = new Set([
  "word",
  "number",
  "raw_string",
  "string",
  "concatenation",
  "simple_expansion",
  "expansion",
]);

const VARIABLE = /^\$(?:([A-Za-z_][A-Za-z0-9_]*)|\{([A-Za-z_][A-Za-z0-9_]*)\})/;

/** `$NAME` or `${NAME}` at `start` (no special parameter, no operator), with its name as a part. */
function variableAt(text: string, start: number): Token | undefined {
  const match = VARIABLE.exec(text.slice(start, start + 260));
  // `$_` is a special parameter to tree-sitter-bash, as `$1`, `$@` and `$?` are.
  if (!match || (match[1] ?? match[2]) === "_") return undefined;
  const braced = match[2] !== undefined;
  const nameStart = start + (braced ? 2 : 1);
  const nameEnd = nameStart + (match[1] ?? match[2])!.length;
  const name: Token = { kind: "variable_name", start: nameStart, end: nameEnd };
  return {
    kind: braced ? "expansion" : "simple_expansion",
    start,
    end: start + match[0].length,
    parts: [name],
  };
}

function gluedToPrevious(tokens: readonly Token[], start: number): boolean {
  const previous = tokens.at(-1);
  return previous !== undefined && previous.end === start && WORD_KINDS.has(previous.kind);
}

const EXPANSIONS: ReadonlySet<TokenKind> = new Set(["simple_expansion", "expansion"]);

/**
 * Adds a word, number, quoted text or expansion, joining it to the one it is glued to: `a'b'` is one
 * word. False for a concatenation of more than two parts with an expansion among them: tree-sitter
 * splits `a"b"$x.` into two arguments.
 */
function pushPart(tokens: Token[], token: Token): boolean {
  if (!gluedToPrevious(tokens, token.start)) {
    tokens.push(token);
    return true;
  }
  const previous = tokens.pop()!;
  const parts = previous.kind === "concatenation" ? [...previous.parts!, token] : [previous, token];
  if (parts.length > 2 && parts.some((part) => EXPANSIONS.has(part.kind))) return false;
  tokens.push({ kind: "concatenation", start: previous.start, end: token.end, parts });
  return true;
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
export function tokenize(text: string): Token[] | undefined {
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
        if (next === 0x3c || !DESCRIPTOR.test(word) || dash || gluedToPrevious(tokens, start))
          return undefined;
        tokens.push({ kind: "file_descriptor", start, end: index });
        continue;
      }
      const number = NUMBER.test(word);
      // tree-sitter-bash splits `0x1f`, `1M`, `-9x` into a number and more; those go the long way.
      if (!number && DIGIT_FIRST.test(word)) return undefined;
      if (!pushPart(tokens, { kind: number ? "number" : "word", start, end: index })) return undefined;
    } else if (code === 0x27 /* ' */) {
      const close = text.indexOf("'", start + 1);
      if (close === -1 || text.slice(start + 1, close).includes("\n")) return undefined;
      index = close + 1;
      if (!pushPart(tokens, { kind: "raw_string", start, end: index })) return undefined;
    } else if (code === 0x24 /* $ */) {
      const variable = variableAt(text, start);
      if (variable === undefined) return undefined;
      index = variable.end;
      if (!pushPart(tokens, variable)) return undefined;
    } else if (code === 0x22 /* " */) {
      index += 1;
      const pieces: Token[] = [];
      let content = index;
      const endContent = () => {
        // tree-sitter stretches a quote or cuts differently around blank-only text.
        if (index > content && text.slice(content, index).trim() === "") return false;
        if (index > content) pieces.push({ kind: "string_content", start: content, end: index });
        return true;
      };
      while (index < text.length && text[index] !== '"') {
        if (text[index] === "$") {
          const variable = variableAt(text, index);
          if (variable === undefined || !endContent()) return undefined;
          pieces.push(variable);
          index = variable.end;
          content = index;
          continue;
        }
        // Only text with no other expansion, escape or line break inside the quotes.
        if ("`\\\n!".includes(text[index]!)) return undefined;
        index += 1;
      }
      if (index === text.length || !endContent()) return undefined;
      index += 1;
      const expands = pieces.some((piece) => piece.kind !== "string_content");
      const string: Token = { kind: "string", start, end: index, ...(expands ? { parts: pieces } : {}) };
      if (!pushPart(tokens, string)) return undefined;
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
    // A word ends at a blank, an operator or the end, or goes on as a concatenation (`a'b'`, `"a"b`).
    if (index < text.length) {
      const next = text.charCodeAt(index);
      const glues = next === 0x27 || next === 0x22 || next === 0x24 || classOf(next) === WORD;
      if (!AFTER_WORD.has(next) && !glues) return undefined;
    }
  }
  return tokens;
}
