/**
 * A sandbox wrap made once and reused for every command of an instance. Pure.
 *
 * The library's wrap costs tens of milliseconds (a ripgrep scan for files it always protects, a
 * realpath of every policy path, the mount list) and depends on nothing a command brings: the
 * command text travels in an environment variable read by a fixed script, so the only per-command
 * part left in the wrapped argv is the command's id (the key its violations and network list are
 * stored under). A template is trusted only after two wraps of the same script under two ids are
 * seen to differ by exactly those ids; otherwise each command is wrapped on its own, as before.
 */

/** One wrap of the fixed script: its argv and the id it was made under. */
export interface WrapSample {
  readonly argv: readonly string[];
  readonly id: string;
}

export interface CommandTemplate {
  readonly argv: readonly string[];
  readonly id: string;
}

/** How an id is spelled inside the wrapped argv: the library base64-encodes it (proxy username, tags). */
function spellings(id: string): string[] {
  return [Buffer.from(id).toString("base64"), id];
}

/**
 * An id the template can carry: 18 random bytes as base64url, 24 characters (144 bits, above the
 * library's 128-bit floor). Its base64 spelling has no `=` (24 is a multiple of 3) and no `+` or
 * `/` (base64 of those ASCII characters never reaches the last two sextets), so URL encoding in a
 * proxy username leaves it as it is. `random` gives fresh bytes; a seam for tests.
 */
export function templateId(random: (size: number) => Buffer): string {
  return random(18).toString("base64url");
}

/** The argv of `template` as it would be for `id`. */
export function instantiateTemplate(template: CommandTemplate, id: string): string[] {
  const from = spellings(template.id);
  const to = spellings(id);
  return template.argv.map((word) =>
    from.reduce((text, spelling, index) => text.split(spelling).join(to[index] ?? ""), word),
  );
}

/**
 * The template the two samples agree on, or undefined when substituting the first's id does not
 * give the second's argv word for word (the library put something else per-wrap into it).
 */
export function fitTemplate(first: WrapSample, second: WrapSample): CommandTemplate | undefined {
  if (first.id === second.id || first.argv.length !== second.argv.length) return undefined;
  const template: CommandTemplate = { argv: first.argv, id: first.id };
  const derived = instantiateTemplate(template, second.id);
  return derived.every((word, index) => word === second.argv[index]) ? template : undefined;
}

/** A word the library's quoting leaves bare (its `quote()` in utils/shell-quote.js). */
const BARE_WORD = /^[A-Za-z0-9_./:@+,-][A-Za-z0-9_./:=@+,-]*$/;

function quoteWord(word: string): string {
  if (word === "") return "''";
  return BARE_WORD.test(word) ? word : `'${word.replace(/'/g, `'"'"'`)}'`;
}

/**
 * The words of a command line the library quoted (bare words and `'…'` runs, `'"'"'` for a quote,
 * joined by single spaces), or undefined when the text is anything else. The split is checked by
 * quoting the words again and comparing, so a line it does not fully understand is never split.
 */
export function splitQuotedCommandLine(line: string): string[] | undefined {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  let index = 0;
  while (index < line.length) {
    const char = line[index] as string;
    if (char === " ") {
      if (!inWord) return undefined;
      words.push(word);
      word = "";
      inWord = false;
      index += 1;
    } else if (char === "'") {
      const end = line.indexOf("'", index + 1);
      if (end < 0) return undefined;
      word += line.slice(index + 1, end);
      inWord = true;
      index = end + 1;
    } else if (char === '"') {
      if (line[index + 1] !== "'" || line[index + 2] !== '"') return undefined;
      word += "'";
      inWord = true;
      index += 3;
    } else {
      word += char;
      inWord = true;
      index += 1;
    }
  }
  if (inWord) words.push(word);
  return words.map(quoteWord).join(" ") === line ? words : undefined;
}
