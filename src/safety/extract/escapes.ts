const SIMPLE_ESCAPES: Record<string, string> = {
  a: "\x07",
  b: "\b",
  e: "\x1b",
  E: "\x1b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
  "\\": "\\",
  "'": "'",
  '"': '"',
  "?": "?",
};

/**
 * Decodes backslash escapes the way bash does for `$'…'` (and, with `echoStyle`, `echo -e` /
 * `printf %b`, where octal takes a leading 0 and `\c` ends the output).
 */
export function decodeEscapes(text: string, echoStyle = false): string {
  let result = "";
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (char !== "\\" || index + 1 >= text.length) {
      result += char;
      continue;
    }
    const next = text[index + 1]!;
    if (
      SIMPLE_ESCAPES[next] !== undefined &&
      !(echoStyle && (next === "'" || next === '"' || next === "?"))
    ) {
      result += SIMPLE_ESCAPES[next];
      index += 1;
      continue;
    }
    if (echoStyle && next === "c") return result;
    const octal = echoStyle ? /^0([0-7]{0,3})/ : /^([0-7]{1,3})/;
    const hex = /^x([0-9a-fA-F]{1,2})/;
    const unicode = /^(?:u([0-9a-fA-F]{1,4})|U([0-9a-fA-F]{1,8}))/;
    const rest = text.slice(index + 1, index + 12);
    const octalMatch = octal.exec(rest);
    const hexMatch = hex.exec(rest);
    const unicodeMatch = unicode.exec(rest);
    if (octalMatch) {
      result += String.fromCharCode(Number.parseInt(octalMatch[1] || "0", 8) & 0xff);
      index += octalMatch[0].length;
    } else if (hexMatch) {
      result += String.fromCharCode(Number.parseInt(hexMatch[1]!, 16));
      index += hexMatch[0].length;
    } else if (unicodeMatch) {
      const codePoint = Number.parseInt(unicodeMatch[1] ?? unicodeMatch[2]!, 16);
      result += codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : "";
      index += unicodeMatch[0].length;
    } else if (!echoStyle && next === "c" && index + 2 < text.length) {
      result += String.fromCharCode(text.charCodeAt(index + 2) & 0x1f);
      index += 2;
    } else {
      result += char;
    }
  }
  return result;
}
