import type { SyntaxNode as Node } from "../parse/syntax-node.js";
import { type BraceToken, expandBraces } from "./brace-expansion.js";
import { processSubstitutionPath } from "./descriptor-files.js";
import { decodeEscapes } from "./escapes.js";
import { expandParameter } from "./expand-parameter.js";
import {
  type ExpandedWord,
  escapeGlob,
  HOME_PATH,
  hasUnknown,
  UNKNOWN,
  UNKNOWN_NONEMPTY,
} from "./expanded-word.js";
import type { Scope } from "./scope.js";

/** What word expansion needs from the analysis around it. */
export interface ExpansionContext {
  readonly scope: Scope;
  /** The static output of `$(…)`, or undefined when it cannot be known without running it. */
  substitutionOutput(node: Node): string | undefined;
  /** `${x@P}` runs the command substitutions in x's value: report it (value undefined when unknown). */
  promptExpansion(value: string | undefined, node: Node): void;
}

interface Field {
  value: string;
  /** Quoted text (even empty) makes a word; an unquoted empty expansion does not. */
  explicit: boolean;
  pattern: string;
  glob: boolean;
  dynamic: boolean;
}

class FieldBuilder {
  readonly fields: Field[] = [];
  private current: Field | undefined;

  private field(): Field {
    this.current ??= { value: "", explicit: false, pattern: "", glob: false, dynamic: false };
    return this.current;
  }

  quoted(text: string, dynamic = false): void {
    const field = this.field();
    field.value += text;
    field.explicit = true;
    field.pattern += escapeGlob(text);
    field.dynamic ||= dynamic;
  }

  unquoted(text: string, globAllowed: boolean, dynamic = false): void {
    const field = this.field();
    field.value += text;
    field.dynamic ||= dynamic;
    if (globAllowed) {
      field.pattern += text.replace(/[\]\\]/g, "\\$&");
      if (/[*?[]/.test(text)) field.glob = true;
    } else {
      field.pattern += escapeGlob(text);
    }
  }

  /** An unquoted expansion result: split on IFS whitespace like the shell does. */
  split(text: string, dynamic: boolean, ifs = " \t\n"): void {
    if (ifs === "") {
      this.unquoted(text, true, dynamic);
      return;
    }
    const pieces =
      ifs === " \t\n"
        ? text.split(/[ \t\n]+/)
        : text.split(new RegExp(`[${ifs.replace(/[\]\\^-]/g, "\\$&")}]+`));
    pieces.forEach((piece, index) => {
      if (index > 0) this.end();
      if (piece !== "") this.unquoted(piece, true, dynamic);
    });
    if (text === "") this.field().dynamic ||= dynamic;
  }

  end(): void {
    if (this.current && (this.current.value !== "" || this.current.explicit)) this.fields.push(this.current);
    this.current = undefined;
  }

  /** A quoted empty string still makes a word (`""`); mark that this field exists. */
  keep(): void {
    this.field().explicit = true;
  }

  finish(): Field[] {
    this.end();
    return this.fields;
  }
}

function eachPart(node: Node, visit: (part: Node | string) => void): void {
  let cursor = node.startIndex;
  const source = node.text;
  const base = node.startIndex;
  for (const child of node.children) {
    if (!child) continue;
    if (child.startIndex > cursor) visit(source.slice(cursor - base, child.startIndex - base));
    visit(child);
    cursor = child.endIndex;
  }
  if (node.endIndex > cursor) visit(source.slice(cursor - base));
}

function unquoteBare(text: string, builder: FieldBuilder, atWordStart: boolean, scope: Scope): void {
  let index = 0;
  if (atWordStart && text.startsWith("~")) {
    const match = /^~([A-Za-z0-9._-]*|[+-])(?=\/|$)/.exec(text);
    if (match) {
      const user = match[1]!;
      if (user === "") builder.quoted(scope.variables.get("HOME") ?? HOME_PATH, false);
      else if (user === "+") builder.quoted(scope.cwd ?? UNKNOWN_NONEMPTY, scope.cwd === undefined);
      else if (user === "-") {
        const previous = scope.variables.get("OLDPWD");
        builder.quoted(previous ?? UNKNOWN_NONEMPTY, previous === undefined);
      } else if (scope.homes.some((home) => home.slice(home.lastIndexOf("/") + 1) === user))
        builder.quoted(HOME_PATH, false);
      else builder.quoted(user === "root" ? "/root" : `/home/${user}`);
      index = match[0].length;
    }
  }
  let pending = "";
  const flush = () => {
    if (pending) builder.unquoted(pending, true);
    pending = "";
  };
  for (; index < text.length; index += 1) {
    const char = text[index]!;
    if (char === "\\") {
      flush();
      const next = text[index + 1];
      index += 1;
      if (next === undefined) builder.quoted("\\");
      else if (next !== "\n") builder.quoted(next);
      else builder.keep();
      continue;
    }
    pending += char;
  }
  flush();
}

function unquoteDouble(text: string): string {
  return text.replace(/\\([$`"\\\n])/g, (_match, char: string) => (char === "\n" ? "" : char));
}

function expandPart(
  part: Node | string,
  builder: FieldBuilder,
  quoted: boolean,
  context: ExpansionContext,
  first: boolean,
): void {
  if (typeof part === "string") {
    if (quoted) builder.quoted(unquoteDouble(part));
    else unquoteBare(part, builder, first, context.scope);
    return;
  }
  switch (part.type) {
    case "word":
      if (quoted) builder.quoted(unquoteDouble(part.text));
      else unquoteBare(part.text, builder, first, context.scope);
      return;
    case "string_content":
      builder.quoted(quoted ? unquoteDouble(part.text) : part.text);
      return;
    case "raw_string":
      builder.quoted(part.text.slice(1, -1));
      builder.keep();
      return;
    case "ansi_c_string":
      builder.quoted(decodeEscapes(part.text.slice(2, -1)));
      builder.keep();
      return;
    case "string":
    case "translated_string": {
      builder.keep();
      if (arrayElements(part, builder, context)) return;
      const inner = part.type === "translated_string" ? (part.namedChildren[0] ?? part) : part;
      eachPart(inner, (child) => {
        if (typeof child !== "string" && child.type === '"') return;
        if (typeof child === "string") {
          if (child === '"' || child === '$"') return;
          builder.quoted(unquoteDouble(child));
          return;
        }
        expandPart(child, builder, true, context, false);
      });
      return;
    }
    case "concatenation": {
      let index = 0;
      eachPart(part, (child) => {
        expandPart(child, builder, quoted, context, first && index === 0);
        index += 1;
      });
      return;
    }
    case "simple_expansion":
    case "expansion": {
      const result = expandParameter(part, context);
      if (result.value === undefined) {
        const marker = result.nonEmpty ? UNKNOWN_NONEMPTY : UNKNOWN;
        if (quoted) builder.quoted(marker, true);
        else builder.unquoted(marker, false, true);
      } else if (quoted) builder.quoted(result.value, result.dynamic);
      else builder.split(result.value, result.dynamic, context.scope.variables.get("IFS") ?? " \t\n");
      return;
    }
    case "command_substitution": {
      const output = context.substitutionOutput(part);
      if (output === undefined) {
        if (quoted) builder.quoted(UNKNOWN, true);
        else builder.unquoted(UNKNOWN, false, true);
        return;
      }
      const trimmed = output.replace(/\n+$/, "");
      if (quoted) builder.quoted(trimmed, true);
      else builder.split(trimmed, true, context.scope.variables.get("IFS") ?? " \t\n");
      return;
    }
    case "process_substitution":
      builder.quoted(processSubstitutionPath(part, context.scope, context.substitutionOutput), true);
      return;
    case "array": {
      // `a=(x y z)`: kept as the elements joined by spaces, which is what "${a[*]}" gives.
      const written = part.namedChildren.flatMap((child) =>
        expandWord(child, context).map((word) => word.value),
      );
      const { elements, ordered } = indexedElements(written);
      builder.quoted(
        elements.join(" "),
        !ordered || elements.some((element) => /[\uE001\uE002]/.test(element)),
      );
      return;
    }
    case "``":
      builder.unquoted("", false, true);
      return;
    case "arithmetic_expansion": {
      // A literal number (`$((0))`) is known; anything else is some number.
      const literal = /^\$\(\(\s*(-?\d+)\s*\)\)$/.exec(part.text);
      builder.quoted(literal ? String(Number(literal[1])) : UNKNOWN_NONEMPTY, true);
      return;
    }
    default:
      if (quoted) builder.quoted(part.text);
      else unquoteBare(part.text, builder, first, context.scope);
  }
}

/**
 * `"${a[@]}"` and `"$@"` alone in their quotes: one word per element or positional parameter (both
 * are kept joined by spaces, `set -- -rf /var` as `-rf /var`).
 */
function arrayElements(part: Node, builder: FieldBuilder, context: ExpansionContext): boolean {
  const [only, ...others] = part.namedChildren;
  if (
    !only ||
    others.length > 0 ||
    !/^(simple_)?expansion$/.test(only.type) ||
    part.text !== `"${only.text}"`
  )
    return false;
  if (!/^\$\{[A-Za-z_]\w*\[@\]\}$|^\$@$|^\$\{@\}$/.test(only.text)) return false;
  // A literal array's own elements, spaces inside them kept: `a=(bash -c 'x y'); "${a[@]}"`.
  const array = /^\$\{([A-Za-z_]\w*)\[@\]\}$/.exec(only.text)?.[1];
  const elements = array === undefined ? undefined : context.scope.arrays.get(array);
  if (elements !== undefined && elements.length > 0) {
    elements.forEach((element, index) => {
      if (index > 0) builder.end();
      builder.quoted(element, true);
    });
    return true;
  }
  const result = expandParameter(only, context);
  if (result.value === undefined || result.value === "") return false;
  result.value.split(" ").forEach((element, index) => {
    if (index > 0) builder.end();
    builder.quoted(element, result.dynamic);
  });
  return true;
}

function expandFields(node: Node, context: ExpansionContext): Field[] {
  const builder = new FieldBuilder();
  expandPart(node, builder, false, context, true);
  return builder.finish();
}

/** Unquoted text of a word takes part in brace expansion; quotes, escapes and expansions stay whole. */
type WordPiece = Node | { readonly escaped: string };

const BRACE_TEXT_TYPES = new Set(["word", "brace_expression", "number"]);

function braceTokens(node: Node): BraceToken<WordPiece>[] {
  const tokens: BraceToken<WordPiece>[] = [];
  const addText = (text: string) => {
    for (let index = 0; index < text.length; index += 1) {
      if (text[index] === "\\" && index + 1 < text.length) {
        tokens.push({ opaque: { escaped: text.slice(index, index + 2) } });
        index += 1;
      } else tokens.push({ char: text[index]! });
    }
  };
  if (node.type === "word") addText(node.text);
  else
    eachPart(node, (part) => {
      if (typeof part === "string" || BRACE_TEXT_TYPES.has(part.type))
        addText(typeof part === "string" ? part : part.text);
      else tokens.push({ opaque: part });
    });
  return tokens;
}

function isEmptyQuotes(token: BraceToken<WordPiece> | undefined): boolean {
  return (
    token !== undefined && "opaque" in token && !("escaped" in token.opaque) && token.opaque.text === '""'
  );
}

/** The fields of a word after brace expansion, or undefined when no brace of it expands. */
function braceFields(node: Node, context: ExpansionContext): Field[] | undefined {
  if ((node.type !== "word" && node.type !== "concatenation") || !node.text.includes("{")) return undefined;
  const tokens = braceTokens(node);
  const { words, truncated } = expandBraces(tokens);
  if (words.length === 1 && !truncated && words[0]!.length === tokens.length) return undefined;
  const fields = words.flatMap((word) => {
    const builder = new FieldBuilder();
    let text = "";
    let textStart = true;
    const flush = () => {
      if (text !== "") unquoteBare(text, builder, textStart, context.scope);
      text = "";
    };
    // The parser's rewrite puts `""` before a command word's brace (`""{rm,-rf,~}`); bash saw none,
    // so a `~` right after it still starts the word (treating a typed `""~` alike only over-blocks).
    const start = isEmptyQuotes(word[0]) ? 1 : 0;
    word.forEach((token, index) => {
      if ("char" in token) {
        if (text === "") textStart = index <= start;
        text += token.char;
      } else if ("escaped" in token.opaque) {
        if (text === "") textStart = index <= start;
        text += token.opaque.escaped;
      } else {
        flush();
        expandPart(token.opaque, builder, false, context, false);
      }
    });
    flush();
    return builder.finish();
  });
  // Past the limit the rest of the words are unknown text, as for an expansion the gate cannot see.
  if (truncated)
    fields.push({
      value: UNKNOWN_NONEMPTY,
      explicit: true,
      pattern: UNKNOWN_NONEMPTY,
      glob: false,
      dynamic: true,
    });
  return fields;
}

const PLAIN_WORD = /^[\w.,:/=+@%^-]+$/;

/**
 * Expands one word node into the fields the shell would pass as arguments (unquoted expansions
 * split on IFS, so `${IFS}sudo${IFS}-v` becomes `sudo`, `-v`).
 */
export function expandWord(node: Node, context: ExpansionContext): ExpandedWord[] {
  const span = [node.startIndex, node.endIndex] as const;
  const source = node.text;
  // Most words are plain text: no quotes, escapes, expansions, globs, braces or leading tilde.
  if (node.type === "word" && PLAIN_WORD.test(source)) {
    return [{ value: source, glob: false, pattern: source, dynamic: false, source, span }];
  }
  const fields = braceFields(node, context) ?? expandFields(node, context);
  const substitution = node.type === "process_substitution" ? node : undefined;
  return fields.map((field) => ({
    value: field.value,
    glob: field.glob,
    pattern: field.pattern,
    dynamic: field.dynamic,
    source,
    span,
    ...(substitution ? { substitution } : {}),
  }));
}

/** An array literal's elements in index order, when each is known and the order is bash's. */
function knownElements(node: Node, context: ExpansionContext): { elements?: readonly string[] } {
  if (node.type !== "array") return {};
  const written = node.namedChildren.flatMap((child) => expandWord(child, context).map((word) => word.value));
  const { elements, ordered } = indexedElements(written);
  return ordered && !elements.some(hasUnknown) ? { elements } : {};
}

/** Expands a word where the shell does no splitting (assignment values, redirect targets). */
export function expandWordWhole(node: Node, context: ExpansionContext): ExpandedWord {
  const fields = expandWord(node, context);
  const span = [node.startIndex, node.endIndex] as const;
  if (fields.length === 1) return { ...fields[0]!, ...knownElements(node, context) };
  const value = fields.map((field) => field.value).join(" ");
  return {
    value,
    glob: fields.some((field) => field.glob),
    pattern: fields.map((field) => field.pattern).join(" "),
    dynamic: fields.some((field) => field.dynamic) || fields.length === 0,
    source: node.text,
    span,
    ...(node.type === "process_substitution" ? { substitution: node } : {}),
  };
}

/**
 * `(x [3]=y z)`: bash stores each element at its index (the next one after the last, unless given)
 * and expands them in index order, not in written order. Keys that are not numbers belong to an
 * associative array, whose order bash does not promise: `ordered` is then false.
 */
function indexedElements(written: readonly string[]): { elements: string[]; ordered: boolean } {
  if (!written.some((element) => element.startsWith("["))) return { elements: [...written], ordered: true };
  const slots = new Map<number, string>();
  let next = 0;
  for (const element of written) {
    const keyed = /^\[([^\]]*)\]\+?=([\s\S]*)$/.exec(element);
    if (!keyed) {
      slots.set(next, element);
      next += 1;
      continue;
    }
    const key = keyed[1]!.trim();
    if (!/^\d+$/.test(key))
      return { elements: written.map((item) => item.replace(/^\[[^\]]*\]\+?=/, "")), ordered: false };
    slots.set(Number(key), keyed[2]!);
    next = Number(key) + 1;
  }
  const elements = [...slots.entries()].sort((a, b) => a[0] - b[0]).map(([, value]) => value);
  return { elements, ordered: true };
}
