function isContinuationByte(byte: number | undefined): boolean {
  return byte !== undefined && (byte & 0xc0) === 0x80;
}

/**
 * The largest cut ≤ `end` that does not fall inside a UTF-8 character, so `bytes.subarray(0, cut)`
 * decodes without a broken last character. Invalid input backs off at most three bytes.
 */
export function utf8SafeEnd(bytes: Uint8Array, end: number): number {
  let cut = Math.max(0, Math.min(end, bytes.length));
  const floor = Math.max(0, cut - 3);
  while (cut > floor && isContinuationByte(bytes[cut])) cut--;
  return cut;
}

/** The smallest start ≥ `start` that begins a UTF-8 character (skips at most three continuation bytes). */
export function utf8SafeStart(bytes: Uint8Array, start: number): number {
  let cut = Math.max(0, Math.min(start, bytes.length));
  const ceiling = Math.min(bytes.length, cut + 3);
  while (cut < ceiling && isContinuationByte(bytes[cut])) cut++;
  return cut;
}

/** How many trailing bytes form an unfinished UTF-8 character (0 when the buffer ends cleanly). */
export function incompleteUtf8Suffix(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(4, bytes.length); back++) {
    const byte = bytes[bytes.length - back] as number;
    if ((byte & 0xc0) === 0x80) continue;
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return needed > back ? back : 0;
  }
  return 0;
}
