/**
 * A string as one bash word in ANSI-C quoting (`$'…'`): every byte that is not plain printable ASCII
 * is an escape, so the word survives any content (quotes, newlines, NUL-free control bytes, UTF-8)
 * and the line that carries it stays one line.
 */
export function ansiCQuote(text: string): string {
  let quoted = "$'";
  for (const byte of Buffer.from(text, "utf8")) {
    if (byte === 0x27) quoted += "\\'";
    else if (byte === 0x5c) quoted += "\\\\";
    else if (byte >= 0x20 && byte < 0x7f) quoted += String.fromCharCode(byte);
    else quoted += `\\x${byte.toString(16).padStart(2, "0")}`;
  }
  return `${quoted}'`;
}
