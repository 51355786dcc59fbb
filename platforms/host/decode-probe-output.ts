export type ProbeEncoding = "utf8" | "utf16le" | "auto";

/** ASCII-heavy UTF-16LE text: a NUL after (nearly) every character. */
export function looksLikeUtf16le(bytes: Uint8Array): boolean {
  if (bytes.length < 2) return false;
  let zeroesAtOddOffsets = 0;
  for (let index = 1; index < bytes.length; index += 2) {
    if (bytes[index] === 0) zeroesAtOddOffsets += 1;
  }
  // ASCII text in UTF-16LE has a NUL after every character; a few non-ASCII characters are fine.
  return zeroesAtOddOffsets >= Math.floor(bytes.length / 2) * 0.6;
}

/**
 * Probe output as text. `wsl.exe` prints UTF-16LE unless `WSL_UTF8=1` took effect (and old inbox
 * WSL ignores it), so "auto" looks at byte-order marks and NUL patterns instead of trusting either.
 */
export function decodeProbeOutput(bytes: Uint8Array, encoding: ProbeEncoding = "auto"): string {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (encoding === "utf8") return stripByteOrderMark(buffer.toString("utf8"));
  if (encoding === "utf16le") return stripByteOrderMark(buffer.toString("utf16le"));
  if (buffer.length >= 2 && buffer[0] === 0xff && buffer[1] === 0xfe) {
    return buffer.subarray(2).toString("utf16le");
  }
  if (looksLikeUtf16le(buffer)) return buffer.toString("utf16le");
  return stripByteOrderMark(buffer.toString("utf8"));
}

function stripByteOrderMark(text: string): string {
  return text.startsWith("\uFEFF") ? text.slice(1) : text;
}
