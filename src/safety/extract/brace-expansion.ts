/**
 * Bash brace expansion over one word, the first expansion bash performs: `{a,b}` alternatives and
 * `{x..y[..step]}` sequences, nested, with bash's zero padding and its rules for braces that do not
 * expand. Written here rather than taken from a library (such as `braces`) because bash expands
 * only unquoted text while quoted parts, `${…}` and `$(…)` of the word stay whole: the word arrives as
 * tokens, of which only `char` tokens take part. Checked against bash 5.2 in the tests.
 */
export type BraceToken<Opaque> = { readonly char: string } | { readonly opaque: Opaque };

/** Most words a word may expand to; bash has no limit, but a bigger word is judged as unknown text. */
export const BRACE_LIMIT = 10_000;

export interface BraceResult<Opaque> {
  readonly words: BraceToken<Opaque>[][];
  /** More words than BRACE_LIMIT: `words` holds the first ones only. */
  readonly truncated: boolean;
}

type Tokens<O> = readonly BraceToken<O>[];

function charAt<O>(tokens: Tokens<O>, index: number): string | undefined {
  const token = tokens[index];
  return token !== undefined && "char" in token ? token.char : undefined;
}

/** The `}` closing the `{` at `open`, with the top-level commas between, or undefined when unmatched. */
function closing<O>(tokens: Tokens<O>, open: number): { close: number; commas: number[] } | undefined {
  let depth = 0;
  const commas: number[] = [];
  for (let index = open; index < tokens.length; index += 1) {
    const char = charAt(tokens, index);
    if (char === "{") depth += 1;
    else if (char === "}") {
      depth -= 1;
      if (depth === 0) return { close: index, commas };
    } else if (char === "," && depth === 1) commas.push(index);
  }
  return undefined;
}

const INTEGER = /^[+-]?\d+$/;
const MAX_INTEGER = 2n ** 63n - 1n;

function legalInteger(text: string): bigint | undefined {
  if (!INTEGER.test(text)) return undefined;
  const value = BigInt(text);
  return value > MAX_INTEGER || value < -MAX_INTEGER ? undefined : value;
}

/** The terms of `x..y[..step]` as bash 5.2 writes them, or undefined when it is not a sequence. */
export function sequenceTerms(amble: string, limit = BRACE_LIMIT): string[] | undefined {
  const parts = amble.split("..");
  if (parts.length !== 2 && parts.length !== 3) return undefined;
  const [from, to, stepText] = parts as [string, string, string | undefined];
  let step = 1n;
  if (stepText !== undefined) {
    const parsed = legalInteger(stepText);
    if (parsed === undefined) return undefined;
    // bash takes the direction from the ends and ignores the step's sign; a zero step is one.
    step = parsed < 0n ? -parsed : parsed === 0n ? 1n : parsed;
  }
  const terms: string[] = [];
  const isLetter = (text: string) => /^[A-Za-z]$/.test(text);
  if (isLetter(from) && isLetter(to)) {
    const start = from.charCodeAt(0);
    const end = to.charCodeAt(0);
    const direction = end >= start ? 1 : -1;
    for (
      let code = start;
      direction * (end - code) >= 0 && terms.length <= limit;
      code += direction * Number(step)
    ) {
      terms.push(String.fromCharCode(code));
    }
    return terms;
  }
  const start = legalInteger(from);
  const end = legalInteger(to);
  if (start === undefined || end === undefined) return undefined;
  const padded = /^[+-]?0\d/.test(from) || /^[+-]?0\d/.test(to);
  const width = padded ? Math.max(from.length, to.length) : 0;
  const direction = end >= start ? 1n : -1n;
  for (
    let value = start;
    direction * (end - value) >= 0n && terms.length <= limit;
    value += direction * step
  ) {
    const digits = (value < 0n ? -value : value).toString();
    const sign = value < 0n ? "-" : "";
    terms.push(sign + digits.padStart(width - sign.length, "0"));
  }
  return terms;
}

/** The alternatives of the first brace that expands, or undefined when no brace in the word does. */
function firstExpansion<O>(
  tokens: Tokens<O>,
): { pre: Tokens<O>; alternatives: Tokens<O>[]; post: Tokens<O> } | undefined {
  for (let open = 0; open < tokens.length; open += 1) {
    if (charAt(tokens, open) !== "{") continue;
    const match = closing(tokens, open);
    if (!match) continue;
    const pre = tokens.slice(0, open);
    const post = tokens.slice(match.close + 1);
    if (match.commas.length > 0) {
      const bounds = [open, ...match.commas, match.close];
      const alternatives = bounds.slice(1).map((bound, index) => tokens.slice(bounds[index]! + 1, bound));
      return { pre, alternatives, post };
    }
    const inner = tokens.slice(open + 1, match.close);
    if (inner.every((token) => "char" in token)) {
      const terms = sequenceTerms(inner.map((token) => (token as { char: string }).char).join(""));
      if (terms) return { pre, alternatives: terms.map((term) => [...term].map((char) => ({ char }))), post };
    }
    // A brace that neither lists nor counts is literal text; bash looks on from the next `{`.
  }
  return undefined;
}

/** Expands every brace of a word; a word without one comes back as the only word. */
export function expandBraces<O>(tokens: Tokens<O>): BraceResult<O> {
  const words: BraceToken<O>[][] = [];
  const stack: Tokens<O>[] = [tokens];
  let truncated = false;
  while (stack.length > 0) {
    const current = stack.pop()!;
    const found = firstExpansion(current);
    if (!found) {
      if (words.length >= BRACE_LIMIT) {
        truncated = true;
        break;
      }
      words.push([...current]);
      continue;
    }
    // Depth-first keeps bash's order: every expansion of the first alternative comes first.
    const next = found.alternatives.map((alternative) => [...found.pre, ...alternative, ...found.post]);
    if (stack.length + next.length + words.length > BRACE_LIMIT * 2) {
      truncated = true;
      next.length = Math.max(0, BRACE_LIMIT * 2 - stack.length - words.length);
    }
    stack.push(...next.reverse());
  }
  return { words, truncated };
}
