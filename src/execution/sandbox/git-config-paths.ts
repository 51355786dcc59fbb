/**
 * The paths a git config file makes git read or run from: `core.hooksPath` and the files it
 * includes (`include.path`, `includeIf.<condition>.path`). Pure; a minimal reading of git's format
 * (sections, `key = value`, quotes, `#`/`;` comments), enough to find those three keys.
 */
export interface GitConfigPaths {
  readonly hooksPath?: string | undefined;
  readonly includes: readonly string[];
}

function unquote(raw: string): string {
  let value = "";
  let quoted = false;
  for (let index = 0; index < raw.length; index += 1) {
    const char = raw[index] as string;
    if (char === '"') quoted = !quoted;
    else if (char === "\\" && index + 1 < raw.length) {
      index += 1;
      const next = raw[index] as string;
      value += next === "n" ? "\n" : next === "t" ? "\t" : next;
    } else if (!quoted && (char === "#" || char === ";")) break;
    else value += char;
  }
  return value.trim();
}

export function gitConfigPaths(text: string): GitConfigPaths {
  let section = "";
  let hooksPath: string | undefined;
  const includes: string[] = [];
  for (const rawLine of text.split(/\r?\n/)) {
    let line = rawLine.trim();
    const header = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"(?:[^"\\]|\\.)*")?\s*\]/.exec(line);
    if (header) {
      section = (header[1] ?? "").toLowerCase();
      line = line.slice(header[0].length).trim();
      if (line === "") continue;
    }
    const entry = /^([A-Za-z][A-Za-z0-9-]*)\s*=\s*(.*)$/.exec(line);
    if (!entry) continue;
    const key = (entry[1] ?? "").toLowerCase();
    const value = unquote(entry[2] ?? "");
    if (section === "core" && key === "hookspath") hooksPath = value;
    if ((section === "include" || section === "includeif") && key === "path" && value !== "")
      includes.push(value);
  }
  return { hooksPath, includes };
}
