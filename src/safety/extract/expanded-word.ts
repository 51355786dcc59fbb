import type { SyntaxNode as Node } from "../parse/syntax-node.js";

export type Span = readonly [number, number];

/** Stands for the user's home directory inside expanded values; `~/..` then normalises to `/home`. */
export const HOME_PATH = "/home/\uE000";
/** A run-time value we cannot know that may be empty (an unset `$X`). */
export const UNKNOWN = "\uE001";
/** A run-time value we cannot know that is never empty (`${X:?}`, `$((…))`). */
export const UNKNOWN_NONEMPTY = "\uE002";
/**
 * A directory that a read-only command prints (`$(npm bin)`, `$(git rev-parse --show-toplevel)`): some
 * absolute path the gate cannot know. A program named below it is still known by its name.
 */
export const PRINTED_DIRECTORY = "\uE006";
/** Stands for every entry of a directory (`for f in ~/*`, `find ~ -mindepth 1`, `ls ~`). */
export const EVERY_ENTRY = "\uE004";

const MARKERS = /[\uE000-\uE002\uE004]/;

/** One shell word after quote removal and the expansions we can perform without running anything. */
export interface ExpandedWord {
  /** The value; unknown run-time parts appear as UNKNOWN / UNKNOWN_NONEMPTY, `~` as HOME_PATH. */
  readonly value: string;
  /** True when unquoted `*`, `?` or `[` remain, so the shell would glob this word. */
  readonly glob: boolean;
  /** The glob pattern with quoted metacharacters escaped by a backslash (meaningful when `glob`). */
  readonly pattern: string;
  /** True when some part is computed at run time (parameter expansion, command substitution…). */
  readonly dynamic: boolean;
  /** The word as written. */
  readonly source: string;
  readonly span: Span;
  /** Set when the whole word is `<(…)` or `>(…)`: the statement whose output it names. */
  readonly substitution?: Node;
  /** Set when the word is an array literal `(…)` whose elements are known, in index order. */
  readonly elements?: readonly string[];
}

export function hasUnknown(value: string): boolean {
  return value.includes(UNKNOWN) || value.includes(UNKNOWN_NONEMPTY) || value.includes(EVERY_ENTRY);
}

export function hasMarkers(value: string): boolean {
  return MARKERS.test(value);
}

/** How a word is shown to the model: its value when static, otherwise as written. */
export function displayWord(word: ExpandedWord): string {
  const text = hasMarkers(word.value) || word.glob ? word.source : word.value;
  return /^[\w@%+=:,./~-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}

export function literalWord(value: string, span: Span, source = value): ExpandedWord {
  return { value, glob: false, pattern: escapeGlob(value), dynamic: false, source, span };
}

export function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, "\\$&");
}
