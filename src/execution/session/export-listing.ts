const LINE = /^declare -([A-Za-z-]*) ([A-Za-z_][A-Za-z0-9_]*)(?:=(.*))?$/;

const SIMPLE_ESCAPES: Readonly<Record<string, number>> = {
  a: 7,
  b: 8,
  e: 27,
  E: 27,
  f: 12,
  n: 10,
  r: 13,
  t: 9,
  v: 11,
  "\\": 0x5c,
  "'": 0x27,
  '"': 0x22,
  "?": 0x3f,
};

/** Bash's `$'…'` body as bash prints it (`\n`, `\NNN` octal bytes, `\xHH`), decoded as UTF-8. */
function decodeAnsiC(body: string): string {
  const bytes: number[] = [];
  for (let index = 0; index < body.length; index += 1) {
    const char = body[index] as string;
    if (char !== "\\") {
      bytes.push(...Buffer.from(char, "utf8"));
      continue;
    }
    const next = body[index + 1] ?? "";
    const octal = /^[0-7]{1,3}/.exec(body.slice(index + 1))?.[0];
    const hex = next === "x" ? /^[0-9A-Fa-f]{1,2}/.exec(body.slice(index + 2))?.[0] : undefined;
    if (octal !== undefined) {
      bytes.push(Number.parseInt(octal, 8) & 0xff);
      index += octal.length;
    } else if (hex !== undefined) {
      bytes.push(Number.parseInt(hex, 16));
      index += 1 + hex.length;
    } else if (next in SIMPLE_ESCAPES) {
      bytes.push(SIMPLE_ESCAPES[next] as number);
      index += 1;
    } else {
      bytes.push(0x5c);
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** Bash's `"…"` body: a backslash escapes only `$`, `` ` ``, `"` and itself. */
function decodeDoubleQuoted(body: string): string {
  return body.replace(/\\([$`"\\])/g, "$1");
}

function decodeValue(raw: string): string | undefined {
  if (raw.startsWith("$'") && raw.endsWith("'")) return decodeAnsiC(raw.slice(2, -1));
  if (raw.startsWith('"') && raw.endsWith('"') && raw.length >= 2)
    return decodeDoubleQuoted(raw.slice(1, -1));
  // An exported array (`(…)`) is not passed to programs; nothing else is expected.
  return undefined;
}

/**
 * The environment a resident shell passes to the programs it starts, from `export -p` as bash
 * prints it: one `declare -x NAME="value"` (or `NAME=$'…'` when the value holds control bytes or
 * non-ASCII) per line. A name exported without a value (`declare -x NAME`) is not in the
 * environment and is left out. Pure.
 */
export function parseExportListing(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split("\n")) {
    const match = LINE.exec(line);
    if (!match || !(match[1] ?? "").includes("x") || match[3] === undefined) continue;
    const value = decodeValue(match[3]);
    if (value !== undefined) env[match[2] as string] = value;
  }
  return env;
}
