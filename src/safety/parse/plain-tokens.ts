/** The tokens of the plain-script subset (see simple-script.ts); undefined for anything outside it. */

type WordKind = "word" | "number" | "raw_string" | "string" | "concatenation";
export type TokenKind = WordKind | "file_descriptor" | RedirectOperator | "|" | "&&" | "||" | ";" | "\n";
type RedirectOperator = ">" | ">>" | "<" | ">&" | ">|" | "&>" | "&>>";

export interface Token {
  readonly kind: TokenKind;
  readonly start: number;
  readonly end: number;
  /** The words, numbers and quoted texts a concatenation (`--include='*.sh'`, `r''eboot`) is made of. */
  readonly parts?: readonly Token[];
}

const PART_KINDS: ReadonlySet<TokenKind> = new Set([
  "word",
  "number",
  "raw_string",
  "string",
  "concatenation",
]);

function gluedToPrevious(tokens: readonly Token[], start: number): boolean {
  const previous = tokens.at(-1);
  return previous !== undefined && previous.end === start && PART_KINDS.has(previous.kind);
}

/** Adds a word, number or quoted text, joining it to the one it is glued to: `a'b'` is one word. */
function pushPart(tokens: Token[], token: Token): void {
  if (!gluedToPrevious(tokens, token.start)) {
    tokens.push(token);
    return;
  }
  const previous = tokens.pop()!;
  const parts = previous.kind === "concatenation" ? [...previous.parts!, token] : [previous, token];
  tokens.push({ kind: "concatenation", start: previous.start, end: token.end, parts });
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
      pushPart(tokens, { kind: number ? "number" : "word", start, end: index });
    } else if (code === 0x27 /* ' */) {
      const close = text.indexOf("'", start + 1);
      if (close === -1 || text.slice(start + 1, close).includes("\n")) return undefined;
      index = close + 1;
      pushPart(tokens, { kind: "raw_string", start, end: index });
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
      pushPart(tokens, { kind: "string", start, end: index });
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
      if (!AFTER_WORD.has(next) && next !== 0x27 && next !== 0x22 && classOf(next) !== WORD) return undefined;
    }
  }
  return tokens;
}
