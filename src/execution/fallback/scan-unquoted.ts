/** A character with shell meaning that shell-quote keeps as plain text, found outside single quotes. */
export interface UnquotedFinding {
  readonly operator: string;
  readonly index: number;
}

/**
 * Finds the shell syntax shell-quote does not report as an operator: backticks (outside single
 * quotes), `~` at the start of an unquoted word, and unquoted backslashes (which a shell would eat —
 * the usual victim is a Windows path like `C:\Users\me`).
 */
export function scanUnquoted(command: string): UnquotedFinding | null {
  let quote: "'" | '"' | null = null;
  let wordStart = true;
  for (let index = 0; index < command.length; index++) {
    const character = command[index] as string;
    if (quote === "'") {
      if (character === "'") quote = null;
      continue;
    }
    if (character === "`") return { operator: "`", index };
    if (quote === '"') {
      if (character === "\\") index++;
      else if (character === '"') quote = null;
      continue;
    }
    if (character === "'" || character === '"') {
      quote = character;
      wordStart = false;
      continue;
    }
    if (character === "\\") return { operator: "\\", index };
    if (character === "~" && wordStart) return { operator: "~", index };
    wordStart = /\s/.test(character);
  }
  return null;
}
