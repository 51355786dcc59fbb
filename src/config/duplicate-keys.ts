/**
 * The first key that appears twice in one object of a JSON text, as a dotted path
 * (`sandbox.mode`, `allowed_commands.0.x`), or undefined. `JSON.parse` silently keeps the last of
 * two, so a config that says `"mode": "required"` and later `"mode": "off"` would run unsandboxed
 * with nobody told. The text must already have parsed: this only walks its tokens.
 */
export function duplicateKeyPath(text: string): string | undefined {
  const token = /\s*(?:("(?:[^"\\]|\\.)*")|([{}[\]:,])|([^\s{}[\]:,"]+))/y;
  interface Open {
    readonly keys?: Set<string>;
    readonly path: string[];
    /** The next string in an object is a key (after `{` or `,`). */
    expectingKey: boolean;
    index: number;
    key?: string;
  }
  const stack: Open[] = [];
  token.lastIndex = 0;
  for (let match = token.exec(text); match !== null && match[0] !== ""; match = token.exec(text)) {
    const [, string, punctuation] = match;
    const top = stack.at(-1);
    if (string !== undefined && top?.keys && top.expectingKey) {
      const key = JSON.parse(string) as string;
      if (top.keys.has(key)) return [...top.path, key].join(".");
      top.keys.add(key);
      top.key = key;
      top.expectingKey = false;
      continue;
    }
    if (punctuation === "{" || punctuation === "[") {
      const path = top === undefined ? [] : [...top.path, top.keys ? (top.key ?? "") : String(top.index)];
      stack.push(
        punctuation === "{"
          ? { keys: new Set(), path, expectingKey: true, index: 0 }
          : { path, expectingKey: false, index: 0 },
      );
    } else if (punctuation === "}" || punctuation === "]") {
      stack.pop();
    } else if (punctuation === "," && top !== undefined) {
      if (top.keys) top.expectingKey = true;
      else top.index += 1;
    }
  }
  return undefined;
}
