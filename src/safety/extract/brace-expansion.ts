const LIMIT = 64;

function matchingBrace(text: string, open: number): { close: number; commas: number[] } | undefined {
  let depth = 0;
  const commas: number[] = [];
  for (let index = open; index < text.length; index += 1) {
    const char = text[index];
    if (char === "{") depth += 1;
    else if (char === "}") {
      depth -= 1;
      if (depth === 0) return { close: index, commas };
    } else if (char === "," && depth === 1) commas.push(index);
  }
  return undefined;
}

/**
 * Bash brace expansion (`{/,}` → `/` and an empty word, `{su,}do` → `sudo` and `do`) for plain
 * literal words; undefined when the word has no comma group or holds quotes or expansions.
 */
export function braceAlternatives(text: string): string[] | undefined {
  if (/['"$`\\]/.test(text) || !text.includes("{") || !text.includes(",")) return undefined;
  const results: string[] = [];
  const queue = [text];
  let expanded = false;
  while (queue.length > 0 && results.length < LIMIT) {
    const current = queue.shift()!;
    let group: { open: number; close: number; commas: number[] } | undefined;
    for (let open = current.indexOf("{"); open !== -1; open = current.indexOf("{", open + 1)) {
      const match = matchingBrace(current, open);
      if (match && match.commas.length > 0) {
        group = { open, ...match };
        break;
      }
    }
    if (!group) {
      results.push(current);
      continue;
    }
    expanded = true;
    const prefix = current.slice(0, group.open);
    const suffix = current.slice(group.close + 1);
    const bounds = [group.open, ...group.commas, group.close];
    for (let index = 0; index + 1 < bounds.length && queue.length < LIMIT; index += 1) {
      queue.push(prefix + current.slice(bounds[index]! + 1, bounds[index + 1]!) + suffix);
    }
  }
  return expanded ? results : undefined;
}
