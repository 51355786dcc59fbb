import { CommandCollector } from "./command-collector.js";

/**
 * cmd.exe's reading of a command line, as far as the gate needs it: `&`, `&&`, `||` and `|` separate
 * commands, `^` escapes the next character outside quotes, `"…"` groups a word, `@` silences echo, and
 * `%NAME%` expands a variable. Redirections are dropped (the rules look at programs and paths).
 */

export interface WindowsCommand {
  readonly words: readonly string[];
  /**
   * PowerShell only: the statement starts with a value (`$x`, `'text'`, `[type]::…`, a number), so
   * it is an expression, not a command; a `$x = …` assignment whose value is a command is not one.
   */
  readonly expression?: boolean;
  /** PowerShell only: the statement reads the output of the one before it (`… | iex`). */
  readonly piped?: boolean;
}

/**
 * cmd's built-in commands: their name ends at the first `/` or `.` (`rd/s/q`, `del/f`, `dir.`), so
 * the switches may be glued to the verb, where an external program's name would go on.
 */
const BUILT_INS =
  /^(rd|rmdir|del|erase|md|mkdir|copy|move|ren|rename|dir|type|echo|cd|chdir|pushd|popd|set|start|call|cls|title|ver|vol|path|prompt|exit|attrib|mklink|assoc|ftype|for|if|goto|shift|setlocal|endlocal|verify|break|color|date|time)(?=[/.])/i;

/**
 * cmd's reading of switches: a built-in's glued switches become words of their own (`rd/s/q` is
 * `rd /s /q`), and one word of several switches is several switches (`/s/q`).
 */
function separateSwitches(words: string[]): void {
  const glued = words[0] === undefined ? null : BUILT_INS.exec(words[0]);
  if (glued) {
    const rest = words[0]!.slice(glued[1]!.length).replace(/^\./, "");
    words.splice(0, 1, glued[1]!, ...(rest === "" ? [] : [rest]));
  }
  for (let index = 1; index < words.length; index += 1) {
    const word = words[index]!;
    if (!/^(\/[a-z?](?::[^/]*)?){2,}$/i.test(word)) continue;
    const parts = word.match(/\/[a-z?](?::[^/]*)?/gi) ?? [word];
    words.splice(index, 1, ...parts);
    index += parts.length - 1;
  }
}

/** Splits one cmd line into its commands and their words, `%VAR%` expanded by `lookup`. */
export function parseCmdLine(text: string, lookup: (name: string) => string): WindowsCommand[] {
  let quoted = false;
  const collector = new CommandCollector((words) => {
    while (words[0]?.startsWith("@")) {
      words[0] = words[0].slice(1);
      if (words[0] === "") words.shift();
    }
    separateSwitches(words);
  });
  const expanded = text.replace(/%([A-Za-z_][\w()]*)%/g, (_, name: string) => lookup(name));
  for (let index = 0; index < expanded.length; index += 1) {
    const char = expanded[index]!;
    if (char === '"') {
      quoted = !quoted;
      collector.mark();
    } else if (quoted) collector.add(char);
    else if (char === "^" && index + 1 < expanded.length) {
      collector.add(expanded[index + 1]);
      collector.mark();
      index += 1;
    } else if (char === "&" || char === "|" || char === "\n" || char === "(" || char === ")") {
      collector.endCommand();
      if (expanded[index + 1] === char) index += 1;
    } else if (char === ">" || char === "<") {
      // A redirection: drop its target word.
      collector.endWord();
      while (expanded[index + 1] === ">" || expanded[index + 1] === "&") index += 1;
      while (/\s/.test(expanded[index + 1] ?? "")) index += 1;
      while (index + 1 < expanded.length && !/[\s&|]/.test(expanded[index + 1]!)) index += 1;
    } else if (/[\s,;=]/.test(char) && !(char === "=" && collector.inWord)) collector.endWord();
    else {
      collector.add(char);
      collector.mark();
    }
  }
  collector.endCommand();
  return collector.commands;
}
