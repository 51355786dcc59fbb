import type { WindowsCommand } from "./cmd-line.js";

/**
 * PowerShell's reading of a `-Command` text, as far as the gate needs it: `;`, `|`, `&&`, `||`, newlines
 * and braces separate commands; `'…'` is literal (`''` a quote), `"…"` expands variables (backtick
 * escapes); `&` and `.` call operators are dropped; `$env:NAME`, `$HOME` and `${env:NAME}` expand via
 * `lookup` (undefined: unknown). A `(…)` or `$(…)` subexpression is unknown at check time.
 */
export function parsePowerShell(
  text: string,
  lookup: (name: string) => string | undefined,
  unknown: string,
): WindowsCommand[] {
  const commands: WindowsCommand[] = [];
  let words: string[] = [];
  let word = "";
  let inWord = false;
  const endWord = () => {
    if (inWord) words.push(word);
    word = "";
    inWord = false;
  };
  const endCommand = () => {
    endWord();
    while (words[0] === "&" || words[0] === ".") words.shift();
    if (words.length > 0) commands.push({ words });
    words = [];
  };
  const variable = (at: number): { value: string; length: number } | undefined => {
    const braced = /^\$\{(?:env:)?([^}]+)\}/i.exec(text.slice(at));
    const plain = braced ?? /^\$(env:)?([A-Za-z_][\w]*)/i.exec(text.slice(at));
    if (!plain) return undefined;
    const name = braced ? braced[1]! : plain[1] ? plain[2]! : plain[2]!;
    const key = braced || plain[1] ? `env:${name}` : name;
    return { value: lookup(key) ?? unknown, length: plain[0].length };
  };
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (char === "'") {
      inWord = true;
      for (index += 1; index < text.length; index += 1) {
        if (text[index] === "'" && text[index + 1] === "'") {
          word += "'";
          index += 1;
        } else if (text[index] === "'") break;
        else word += text[index];
      }
    } else if (char === '"') {
      inWord = true;
      for (index += 1; index < text.length && text[index] !== '"'; index += 1) {
        if (text[index] === "`" && index + 1 < text.length) {
          word += text[index + 1];
          index += 1;
        } else if (text[index] === "$" && text[index + 1] === "(") {
          word += unknown;
          index = skipGroup(text, index + 1);
        } else if (text[index] === "$") {
          const found = variable(index);
          if (found) {
            word += found.value;
            index += found.length - 1;
          } else word += "$";
        } else word += text[index];
      }
    } else if (char === "`" && index + 1 < text.length) {
      word += text[index + 1];
      inWord = true;
      index += 1;
    } else if (char === "$" && text[index + 1] === "(") {
      word += unknown;
      inWord = true;
      index = skipGroup(text, index + 1);
    } else if (char === "(" && !inWord) {
      word += unknown;
      inWord = true;
      index = skipGroup(text, index);
    } else if (char === "$") {
      const found = variable(index);
      inWord = true;
      if (found) {
        word += found.value;
        index += found.length - 1;
      } else word += "$";
    } else if (char === ";" || char === "|" || char === "\n" || char === "{" || char === "}") {
      endCommand();
    } else if (char === "&" && text[index + 1] === "&") {
      endCommand();
      index += 1;
    } else if (/\s/.test(char)) endWord();
    else {
      word += char;
      inWord = true;
    }
  }
  endCommand();
  return commands;
}

/** The index of the `)` closing the group that opens at `start`, or the end of the text. */
function skipGroup(text: string, start: number): number {
  let depth = 0;
  for (let index = start; index < text.length; index += 1) {
    if (text[index] === "(") depth += 1;
    else if (text[index] === ")") {
      depth -= 1;
      if (depth === 0) return index;
    }
  }
  return text.length;
}
