import { decodeProbeOutput } from "./decode-probe-output.js";

/**
 * A JSON file as text, whatever the editor or shell saved it as: UTF-8 with or without a byte-order
 * mark, or UTF-16 (Windows PowerShell 5.1's `>` and `Out-File` write UTF-16LE with a BOM; `-Encoding
 * BigEndianUnicode` writes UTF-16BE). Without that, a valid file is reported as "not valid JSON".
 */
export function decodeTextFile(bytes: Uint8Array): string {
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    const swapped = Buffer.from(bytes.subarray(2));
    swapped.swap16();
    return swapped.toString("utf16le");
  }
  return decodeProbeOutput(bytes, "auto");
}
