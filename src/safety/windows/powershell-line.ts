import type { WindowsCommand } from "./cmd-line.js";
import { CommandCollector } from "./command-collector.js";

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
  const collector = new CommandCollector((words) => {
    while (words[0] === "&" || words[0] === ".") words.shift();
  });
  const variable = (at: number): { value: string; length: number } | undefined => {
    const braced = /^\$\{(?:env:)?([^}]+)\}/i.exec(text.slice(at));
    const plain = braced ?? /^\$(env:)?([A-Za-z_][\w]*)/i.exec(text.slice(at));
    if (!plain) return undefined;
    const name = braced ? braced[1]! : plain[1] ? plain[2]! : plain[2]!;
    const key = braced || plain[1] ? `env:${name}` : name;
    return { value: local(key) ?? unknown, length: plain[0].length };
  };
  // How the current statement began: a value starts an expression, `&`/`.` or a bare word a command.
  let expression = false;
  let piped = false;
  let start = 0;
  /** `$name = 'text'` assignments seen so far, so a later `iex $name` reads the text. */
  const strings = new Map<string, string>();
  const end = (pipe: boolean) => {
    const count = collector.commands.length;
    collector.endCommand({ ...(expression ? { expression } : {}), ...(piped ? { piped } : {}) });
    const command = collector.commands[count];
    const assignment = /^\$([A-Za-z_]\w*)\s*=\s*(\S)/.exec(text.slice(start));
    if (command && expression && assignment) {
      if (/['"]/.test(assignment[2]!) && command.words.length === 3)
        strings.set(assignment[1]!.toLowerCase(), command.words[2]!);
      // `$x = Get-Item …`: the value of the assignment is a command.
      if (/[A-Za-z&.]/.test(assignment[2]!)) collector.commands[count] = { words: command.words.slice(2) };
    }
    expression = false;
    piped = pipe;
  };
  const local = (name: string) => strings.get(name.toLowerCase()) ?? lookup(name);
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (collector.atCommandStart && !/\s/.test(char) && !/[;|{}&]/.test(char)) {
      expression = /['"$[(@0-9]/.test(char);
      start = index;
    }
    if (char === "'") {
      collector.mark();
      for (index += 1; index < text.length; index += 1) {
        if (text[index] === "'" && text[index + 1] === "'") {
          collector.add("'");
          index += 1;
        } else if (text[index] === "'") break;
        else collector.add(text[index]);
      }
    } else if (char === '"') {
      collector.mark();
      for (index += 1; index < text.length && text[index] !== '"'; index += 1) {
        if (text[index] === "`" && index + 1 < text.length) {
          collector.add(text[index + 1]);
          index += 1;
        } else if (text[index] === "$" && text[index + 1] === "(") {
          collector.add(unknown);
          index = skipGroup(text, index + 1);
        } else if (text[index] === "$") {
          const found = variable(index);
          if (found) {
            collector.add(found.value);
            index += found.length - 1;
          } else collector.add("$");
        } else collector.add(text[index]);
      }
    } else if (char === "`" && index + 1 < text.length) {
      collector.add(text[index + 1]);
      collector.mark();
      index += 1;
    } else if (char === "$" && text[index + 1] === "(") {
      collector.add(unknown);
      collector.mark();
      index = skipGroup(text, index + 1);
    } else if (char === "(" && !collector.inWord) {
      collector.add(unknown);
      collector.mark();
      index = skipGroup(text, index);
    } else if (char === "$") {
      const found = variable(index);
      collector.mark();
      if (found) {
        collector.add(found.value);
        index += found.length - 1;
      } else collector.add("$");
    } else if (char === ";" || char === "|" || char === "\n" || char === "{" || char === "}") {
      end(char === "|" && text[index + 1] !== "|");
      if (text[index + 1] === "|") index += 1;
    } else if (char === "&" && text[index + 1] === "&") {
      end(false);
      index += 1;
    } else if (/\s/.test(char)) collector.endWord();
    else {
      collector.add(char);
      collector.mark();
    }
  }
  end(false);
  return collector.commands;
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
