/**
 * Valid bash that tree-sitter-bash rejects, rewritten into text it parses and that does the same thing
 * as far as the gate is concerned. Only used when the original text fails to parse; a rewrite that
 * still fails leaves the original error standing (and text bash itself rejects fails either way).
 *
 * - `N<>file` and `<>file` (open read-write): the grammar has no `<>`; `>>` opens the same file for
 *   writing without truncating it.
 * - `N<<<word`: the grammar takes no descriptor before a here-string. `0<<<` is `<<<`; any other
 *   descriptor becomes `N< <(printf '%s\n' word)`: descriptor N reads the word and a newline, as in
 *   bash (its `/dev/fd/N` is judged by that text), and the word is still expanded and judged; on a
 *   line with heredocs, whose offsets must stay exact, the same-length `N<  word` instead.
 * - `(…) done`, `(…) fi`, `if (…) then`, `if(…)then`: a subshell ends a command without `;` before a
 *   reserved word.
 * - A backslash as the very last character (bash keeps it literally).
 * - `;&` and `;;&` ending a `case` arm (fall through, test the next pattern): read as `;;`, since the
 *   gate judges every arm anyway.
 * - Descriptor 0 before a here-document (`0<<EOF`): dropped, as it names stdin.
 * - Several here-documents on one line: the first stays, the others become here-strings of their bodies.
 * - A here-string after another redirect (`cat > x <<< hi`): moved before the first redirect.
 * - `${x~}`, `${x~~}` (toggle case) read as `${x,}`, `${x,,}`.
 * - Extended globs (`!(x)`, `@(a|b)`, `+(…)`, `*(…)`, `?(…)`) on lines after `shopt -s extglob`: read
 *   as `*`, which matches at least as much.
 * - A word that starts with a brace expansion (`{s,}udo`, `{rm,-rf}`): the grammar reads its `{` as a
 *   group; an empty quoted prefix (`""{s,}udo`) keeps bash's expansion and parses as a word.
 * - A word that starts with a bracket expression (`[a-z]*` as a command or argument): the grammar reads
 *   its `[` as a test command; an empty quoted prefix keeps the glob.
 * - `$` before a character that starts no expansion (`$%`, `$,`, `$:`): bash keeps it literally.
 * - `done }`, `fi }`, `esac }`: a compound command ends a group's last command without `;`.
 */
export function rewriteGrammarGaps(text: string): string | undefined {
  const lines = text.split("\n");
  const output: string[] = [];
  let quote: Quote;
  let extglob = false;
  for (let index = 0; index < lines.length; index += 1) {
    const scanned = scanLine(lines[index]!, quote, extglob);
    // bash reads a script line by line, so `shopt -s extglob` applies to the lines after it.
    if (/\bshopt\s+-s\b[^;&|]*\bextglob\b/.test(lines[index]!)) extglob = true;
    quote = scanned.quote;
    output.push(scanned.line);
    if (scanned.heredocs.length === 0) continue;
    const bodies: string[][] = [];
    for (const heredoc of scanned.heredocs) {
      const body: string[] = [];
      for (index += 1; index < lines.length; index += 1) {
        const line = lines[index]!;
        if ((heredoc.strip ? line.replace(/^\t+/, "") : line) === heredoc.delimiter) break;
        body.push(heredoc.strip ? line.replace(/^\t+/, "") : line);
      }
      bodies.push(body);
    }
    // One command per line (the grammar loses a heredoc followed by `; more`), then within each command
    // the first heredoc stays and the others become here-strings.
    output.pop();
    const cuts = [
      0,
      ...scanned.separators.filter((at) => at > scanned.heredocs[0]!.start),
      scanned.line.length,
    ];
    for (let part = 0; part + 1 < cuts.length; part += 1) {
      const from = cuts[part]! + (part === 0 ? 0 : 1);
      const to = cuts[part + 1]!;
      const mine = scanned.heredocs
        .map((heredoc, position) => ({ heredoc, body: bodies[position]! }))
        .filter(({ heredoc }) => heredoc.start >= from && heredoc.start < to);
      let line = scanned.line.slice(from, to);
      for (let position = mine.length - 1; position >= 1; position -= 1) {
        const { heredoc, body } = mine[position]!;
        const text = body.join("\n");
        const replacement = heredoc.quoted
          ? `<<<'${text.replaceAll("'", "'\\''")}'`
          : `<<<"${asDoubleQuoted(text)}"`;
        line = line.slice(0, heredoc.start - from) + replacement + line.slice(heredoc.end - from);
      }
      output.push(line);
      if (mine.length > 0) output.push(...mine[0]!.body, mine[0]!.heredoc.delimiter);
    }
  }
  let result = output.join("\n");
  if (/(^|[^\\])(\\\\)*\\$/.test(result) && quote === undefined) result = `${result.slice(0, -1)} `;
  return result === text ? undefined : result;
}

type Quote = "'" | '"' | undefined;

/** An unquoted heredoc body as the double-quoted word with the same expansion. */
function asDoubleQuoted(body: string): string {
  return body.replace(/\\([$`\\])|\\"|"/g, (match, escaped: string | undefined) =>
    escaped !== undefined ? match : match === '"' ? '\\"' : '\\\\\\"',
  );
}

interface Heredoc {
  readonly start: number;
  readonly end: number;
  readonly delimiter: string;
  readonly quoted: boolean;
  readonly strip: boolean;
}

const RESERVED_AFTER_GROUP = /^(\s+)(done|fi|esac|then|do|else|elif|\})(?=\s|;|&|\||$)/;
const RESERVED_RIGHT_AFTER_GROUP = /^(done|fi|esac|then|do|else|elif)(?=\s|;|&|\||$)/;

/** One line, with the same-length rewrites applied outside quotes, and the heredocs it opens. */
function scanLine(
  source: string,
  initial: Quote,
  extglob = false,
): { line: string; quote: Quote; heredocs: Heredoc[]; separators: number[] } {
  const chars = source.split("");
  /** Where the current simple command's first redirect starts, and here-strings to move before it. */
  let firstRedirect: number | undefined;
  const moves: { from: number; to: number; at: number }[] = [];
  let quote = initial;
  const heredocs: Heredoc[] = [];
  const separators: number[] = [];
  /** For each open `(`: whether it opened a `$(` substitution (whose `)` is no subshell end). */
  const parens: boolean[] = [];
  /** `N<<<word` rewritten as `N< <(printf '%s\n' word)`: where the printf starts and its word ends. */
  const descriptorStrings: { at: number; close: number }[] = [];
  for (let index = 0; index < chars.length; index += 1) {
    const char = chars[index]!;
    if (quote === "'") {
      if (char === "'") quote = undefined;
      continue;
    }
    if (char === "\\") {
      index += 1;
      continue;
    }
    if (quote === '"') {
      if (char === '"') quote = undefined;
      continue;
    }
    if (char === "'" || char === '"') {
      quote = char;
      continue;
    }
    if (char === "#" && (index === 0 || /[\s;&|(]/.test(chars[index - 1]!))) break;
    const redirectAmpersand =
      char === "&" && (/[<>]/.test(source[index - 1] ?? "") || source[index + 1] === ">");
    if (/[;&|(){}]/.test(char) && !redirectAmpersand) firstRedirect = undefined;
    else if (
      (char === ">" || char === "<") &&
      firstRedirect === undefined &&
      !(char === "<" && source.startsWith("<<<", index))
    ) {
      let start = index;
      while (start > 0 && /\d/.test(source[start - 1]!)) start -= 1;
      if (start === index && char === ">" && source[index - 1] === "&") start -= 1;
      if (start === 0 || /\s/.test(source[start - 1]!)) firstRedirect = start;
    } else if (char === "$" && source[index + 1] === "{") {
      const toggle = /^\$\{[A-Za-z_]\w*(\[[^\]]*\])?(~~?)\}/.exec(source.slice(index));
      if (toggle)
        for (
          let at = index + toggle[0].length - 1 - toggle[2]!.length;
          at < index + toggle[0].length - 1;
          at += 1
        )
          chars[at] = ",";
    } else if (
      extglob &&
      /[?*+@!]/.test(char) &&
      source[index + 1] === "(" &&
      (index === 0 || !/[$\\]/.test(source[index - 1]!))
    ) {
      const end = source.indexOf(")", index);
      if (end !== -1 && !/[\s;&]/.test(source.slice(index + 2, end))) {
        chars[index] = "*";
        for (let at = index + 1; at <= end; at += 1) chars[at] = "";
        index = end;
        continue;
      }
    }
    const wordStart = index === 0 || /[\s;&|]/.test(source[index - 1]!);
    if (
      char === "{" &&
      (index === 0 || /[\s;&|(]/.test(chars[index - 1]!)) &&
      startsBraceExpansion(source, index)
    )
      chars[index] = '""{';
    else if (char === "[" && wordStart && /^\[[^\s[\]][^\s]*\]/.test(source.slice(index)))
      chars[index] = '""[';
    else if (char === "$" && /[%,.:/=+^~]/.test(source[index + 1] ?? "")) chars[index] = "\\$";
    else if (wordStart && /^(done|fi|esac)[ \t]+\}(?=\s|;|&|\||\)|$)/.test(source.slice(index))) {
      const length = source.slice(index).match(/^(done|fi|esac)/)![0].length;
      chars[index + length] = ";";
      index += length;
    } else if (char === ";" && chars[index + 1] === ";" && chars[index + 2] === "&") {
      // `;;&` (test the next patterns too) judged like `;;`: every arm is judged anyway.
      chars[index + 2] = " ";
      index += 2;
    } else if (char === ";" && chars[index + 1] === "&" && chars[index - 1] !== ";") {
      // `;&` (fall through) likewise.
      chars[index + 1] = ";";
      index += 1;
    } else if (char === ";" && parens.length === 0 && chars[index + 1] !== ";" && chars[index - 1] !== ";")
      separators.push(index);
    else if (char === "(") parens.push(chars[index - 1] === "$");
    else if (char === ")") {
      const substitution = parens.pop() ?? false;
      const rest = chars.slice(index + 1).join("");
      if (!substitution && chars[index + 1] !== ")" && RESERVED_AFTER_GROUP.test(rest))
        chars[index + 1] = ";";
      // `if(…)then`, `while(…)do`: no blank to turn into `;`, so one is added.
      else if (!substitution && RESERVED_RIGHT_AFTER_GROUP.test(rest)) chars[index] = ");";
    } else if (char === "<" && chars[index + 1] === ">" && chars[index - 1] !== "<") {
      chars[index] = ">";
    } else if (char === "<" && chars[index + 1] === "<" && chars[index + 2] === "<") {
      if (firstRedirect !== undefined && firstRedirect < index) {
        const to = hereStringEnd(source, index + 3);
        moves.push({ from: index, to, at: firstRedirect });
        index = to - 1;
        continue;
      }
      for (let back = index - 1; back >= 0 && /\d/.test(chars[back]!); back -= 1) {
        if (back === 0 || /\s/.test(chars[back - 1]!)) {
          const descriptor = chars.slice(back, index).join("");
          if (Number(descriptor) === 0) {
            for (let digit = back; digit < index; digit += 1) chars[digit] = " ";
          } else {
            // Another descriptor than stdin: it reads the word and a newline, as from a process
            // substitution that prints them — so a reader of /dev/fd/N (`bash /dev/fd/3`) is
            // judged by the text. Same-length `N<  word` (judged, not read) on a line with heredocs.
            chars[index + 1] = " ";
            chars[index + 2] = " <(printf '%s\\n' ";
            descriptorStrings.push({ at: index + 2, close: hereStringEnd(source, index + 3) - 1 });
          }
          break;
        }
      }
      index += 2;
    } else if (char === "<" && chars[index + 1] === "<") {
      // `0<<EOF`: the grammar takes no descriptor 0 before a heredoc, which is stdin anyway.
      for (let back = index - 1; back >= 0 && /\d/.test(source[back]!); back -= 1)
        if ((back === 0 || /\s/.test(source[back - 1]!)) && Number(source.slice(back, index)) === 0)
          for (let at = back; at < index; at += 1) chars[at] = " ";
      const match = /^<<(-?)[ \t]*(?:'([^']*)'|"([^"]*)"|\\?([^\s;&|<>()]+))/.exec(
        chars.slice(index).join(""),
      );
      if (match) {
        const quotedDelimiter = match[2] ?? match[3];
        heredocs.push({
          start: index,
          end: index + match[0].length,
          delimiter: quotedDelimiter ?? match[4]!,
          quoted: quotedDelimiter !== undefined || match[0].includes("\\"),
          strip: match[1] === "-",
        });
        index += match[0].length - 1;
      }
    }
  }
  for (const { at, close } of descriptorStrings) {
    if (heredocs.length > 0) chars[at] = " ";
    else chars[close] = `${chars[close]})`;
  }
  if (heredocs.length === 0) {
    for (const move of moves.reverse()) {
      const segment = chars.splice(move.from, move.to - move.from);
      chars.splice(move.at, 0, ...segment, " ");
    }
  }
  // The brace and group rewrites lengthen the line; heredoc offsets are only exact without them.
  if (heredocs.length > 0)
    for (let index = 0; index < chars.length; index += 1) {
      if (chars[index] === '""{') chars[index] = "{";
      else if (chars[index] === '""[') chars[index] = "[";
      else if (chars[index] === "\\$") chars[index] = "$";
      else if (chars[index] === ");") chars[index] = ")";
    }
  return { line: chars.join(""), quote, heredocs, separators };
}

/** The end of the word a here-string operator at `start` reads (quotes and backslashes kept together). */
function hereStringEnd(source: string, start: number): number {
  let index = start;
  while (index < source.length && /[ \t]/.test(source[index]!)) index += 1;
  let depth = 0;
  for (; index < source.length; index += 1) {
    const char = source[index]!;
    if (char === "\\") index += 1;
    else if (char === "'" || char === '"') {
      const end = source.indexOf(char, index + 1);
      if (end === -1) return source.length;
      index = end;
    } else if (char === "(") depth += 1;
    else if (char === ")" && depth > 0) depth -= 1;
    else if (depth === 0 && /[\s;&|<>()]/.test(char)) break;
  }
  return index;
}

/**
 * Whether the `{` at `start` opens a brace expansion as bash reads it: no blank after it, and a matching
 * `}` in the same word with a top-level `,` or a `..` sequence before it.
 */
function startsBraceExpansion(source: string, start: number): boolean {
  if (!/[^\s}]/.test(source[start + 1] ?? " ")) return false;
  let depth = 0;
  let comma = false;
  for (let index = start; index < source.length; index += 1) {
    const char = source[index]!;
    if (char === "\\") {
      index += 1;
      continue;
    }
    if (/[\s;&|<>()]/.test(char)) return false;
    if (char === "'" || char === '"') {
      const end = source.indexOf(char, index + 1);
      if (end === -1) return false;
      index = end;
    } else if (char === "{") depth += 1;
    else if (char === "}") {
      depth -= 1;
      if (depth === 0) return comma || /^\{[^{}]*\.\.[^{}]*\}$/.test(source.slice(start, index + 1));
    } else if (char === "," && depth === 1) comma = true;
  }
  return false;
}
