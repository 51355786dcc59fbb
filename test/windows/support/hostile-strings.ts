/**
 * Arguments and command texts that break naive quoting somewhere on Windows: cmd.exe metacharacters,
 * MSYS's re-parsing of quotes and globs, `%VAR%` and `!VAR!` expansion, backslashes before quotes,
 * non-ASCII text. Each must arrive byte for byte.
 */
export const HOSTILE_ARGUMENTS: readonly string[] = [
  "a b",
  'c"d',
  "it's",
  "$HOME",
  "!bang!",
  "back\\slash",
  "trailing\\",
  'ends with quote\\"',
  "C:\\Program Files\\x",
  '"fully quoted"',
  "semi;colon&amp|pipe<in>out^caret",
  "*?[glob]",
  "(paren) {brace} ,comma =equals",
  "ü€😀 日本",
  "",
  "  spaces  ",
  "tab\there",
];

/** `%VAR%` references: cmd.exe must not expand them when they are arguments, only when they are code. */
export const PERCENT_ARGUMENTS: readonly string[] = ["%PATH%", "100%", "%"];

/** A bash word that is exactly `text` (single quotes; `'` itself as `'\''`). */
export function bashSingleQuoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** Command texts for bash with what they must print, so the text provably reached bash unchanged. */
export const HOSTILE_COMMANDS: readonly { readonly command: string; readonly prints: string }[] = [
  ...[...HOSTILE_ARGUMENTS, ...PERCENT_ARGUMENTS, "line one\nline two", "`backtick` $(subshell) ~tilde"].map(
    (text) => ({ command: `printf '%s' ${bashSingleQuoted(text)}`, prints: text }),
  ),
  { command: `x='a b'; printf '[%s]' "$x" "it's" "\\"q\\""`, prints: `[a b][it's]["q"]` },
  { command: "printf '%s|' $(printf 'one two')", prints: "one|two|" },
  { command: "echo '%PATH%' \"!x!\" && echo second", prints: "%PATH% !x!\nsecond\n" },
];
