import { decodeEscapes } from "../extract/escapes.js";
import { HOME_PATH, UNKNOWN } from "../extract/expanded-word.js";

export interface Literal {
  readonly value: string;
  /** True when the literal interpolates something (`${x}`, `#{x}`, f-strings, `$x` in perl). */
  readonly interpolated: boolean;
  readonly end: number;
}

/** Reads one string literal starting at `start` (after spaces), in the quoting styles scripts use. */
export function readLiteral(code: string, start: number): Literal | undefined {
  let index = start;
  while (index < code.length && /\s/.test(code[index]!)) index += 1;
  let prefix = "";
  while (/[rRbBuUfF]/.test(code[index] ?? "") && prefix.length < 2) {
    prefix += code[index];
    index += 1;
  }
  const quote = code[index];
  if (quote !== '"' && quote !== "'" && quote !== "`") return undefined;
  const triple = code.startsWith(quote.repeat(3), index);
  const delimiter = triple ? quote.repeat(3) : quote;
  let cursor = index + delimiter.length;
  let value = "";
  while (cursor < code.length && !code.startsWith(delimiter, cursor)) {
    if (code[cursor] === "\\" && cursor + 1 < code.length) {
      value += code.slice(cursor, cursor + 2);
      cursor += 2;
    } else {
      value += code[cursor];
      cursor += 1;
    }
  }
  if (cursor >= code.length) return undefined;
  const raw = /[rR]/.test(prefix);
  const interpolated = /[fF]/.test(prefix)
    ? /\{/.test(value)
    : quote === "`"
      ? /\$\{/.test(value)
      : quote === '"'
        ? /#\{|\$[A-Za-z_{]|@[A-Za-z_]/.test(value)
        : false;
  return {
    value: raw ? value : decodeEscapes(value.replace(/\\\n/g, "")),
    interpolated,
    end: cursor + delimiter.length,
  };
}

/** The literals of an argument list or array starting at `start`: `("a", "b")`, `["a", "b"]`, `"a", "b"`. */
export function readArguments(
  code: string,
  start: number,
): { literals: Literal[]; complete: boolean; list: boolean } {
  const literals: Literal[] = [];
  let index = start;
  while (/[\s(]/.test(code[index] ?? "")) index += 1;
  let list = false;
  if (code[index] === "[") {
    list = true;
    index += 1;
  }
  for (;;) {
    let literal = readLiteral(code, index);
    // In a list, an element that is an expression stands for what it gives at run time: the home
    // for the ways languages spell it, otherwise unknown (so `['rm', '-rf', expr]` keeps its operand).
    if (!literal && list && index > start) literal = expressionElement(code, index);
    if (!literal) return { literals, complete: false, list };
    literals.push(literal);
    index = literal.end;
    while (/\s/.test(code[index] ?? "")) index += 1;
    if (code[index] !== ",") break;
    index += 1;
    while (/\s/.test(code[index] ?? "")) index += 1;
    if (code[index] === "]" || code[index] === ")" || (!list && /[A-Za-z_]/.test(code[index] ?? ""))) break;
  }
  return { literals, complete: true, list };
}

const HOME_EXPRESSION =
  /^(?:os\.path\.expanduser\(\s*["']~["']\s*\)|(?:pathlib\.)?Path\.home\(\)|(?:require\(\s*["']os["']\s*\)|os)\.homedir\(\)|homedir\(\)|\$ENV\{\s*["']?HOME["']?\s*\}|(?:os\.environ|process\.env|ENV)\s*\[\s*["']HOME["']\s*\]|process\.env\.HOME|(?:os\.)?getenv\(\s*["']HOME["']\s*\)|Dir\.home)$/;

/** One list element that is no literal: up to the next `,` or the list's end, brackets balanced. */
function expressionElement(code: string, start: number): Literal | undefined {
  let depth = 0;
  let index = start;
  for (; index < code.length; index += 1) {
    const char = code[index]!;
    if (char === '"' || char === "'" || char === "`") {
      const literal = readLiteral(code, index);
      if (!literal) return undefined;
      index = literal.end - 1;
    } else if ("([{".includes(char)) depth += 1;
    else if (")]}".includes(char)) {
      if (depth === 0) break;
      depth -= 1;
    } else if (char === "," && depth === 0) break;
    else if (char === ";" || char === "\n") return undefined;
  }
  const text = code.slice(start, index).trim();
  if (text === "" || index >= code.length) return undefined;
  return { value: HOME_EXPRESSION.test(text) ? HOME_PATH : UNKNOWN, interpolated: false, end: index };
}

/** For each offset, whether it lies inside a quoted string: a call spelled inside a string is data. */
export function insideStrings(code: string): (offset: number) => boolean {
  const inside = new Uint8Array(code.length);
  let quote: string | undefined;
  for (let index = 0; index < code.length; index += 1) {
    const char = code[index]!;
    if (quote) {
      inside[index] = 1;
      if (char === "\\") {
        inside[index + 1] = 1;
        index += 1;
      } else if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
  }
  return (offset) => inside[offset] === 1;
}
