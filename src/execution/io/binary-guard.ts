import { createRequire } from "node:module";
import { looksLikeUtf16le } from "../../../platforms/index.js";
import { type CodePages, decodeCodePageLines } from "./code-page-choice.js";
import { hostAnsiCodePage, hostOemCodePage } from "./host-code-page.js";

/** Below this many bytes, undecodable output is shown (lossily) rather than judged. */
export const MIN_BINARY_SAMPLE_BYTES = 64;
/** Share of control bytes at which undecodable output counts as binary. */
export const BINARY_CONTROL_BYTE_RATIO = 0.05;

export interface GuardedOutput {
  readonly text: string;
  /** True when the bytes were replaced by the placeholder. */
  readonly withheld: boolean;
  /** True when the bytes were not valid UTF-8 and were decoded with replacement characters. */
  readonly encodingLoss: boolean;
  /** The Windows code page lines that were not UTF-8 were read in, and whether that was a guess. */
  readonly codePage?: { readonly page: number; readonly guessed: boolean };
}

const EMPTY_OUTPUT: GuardedOutput = { text: "", withheld: false, encodingLoss: false };

export interface GuardOptions {
  /**
   * The code page for output that is neither UTF-8 nor UTF-16 (a Windows console program writing
   * in its OEM page), when only one is to be tried. Default: this host's ANSI and OEM pages on
   * Windows (whichever reads better; see `decodeCodePageLines`), none elsewhere.
   */
  readonly legacyCodePage?: number | null;
  /** Both pages to choose from; wins over `legacyCodePage`. */
  readonly codePages?: CodePages;
}

const strictDecoder = new TextDecoder("utf-8", { fatal: true });
const lossyDecoder = new TextDecoder("utf-8");

/** C0 controls except tab, LF and CR, plus DEL. NUL and ESC count; C1 (0x80–0x9F) does not. */
export function isControlByte(byte: number): boolean {
  return byte <= 0x08 || byte === 0x0b || byte === 0x0c || (byte >= 0x0e && byte <= 0x1f) || byte === 0x7f;
}

export function controlByteRatio(bytes: Uint8Array): number {
  if (bytes.length === 0) return 0;
  let count = 0;
  for (const byte of bytes) if (isControlByte(byte)) count++;
  return count / bytes.length;
}

export function binaryPlaceholder(stream: string, size: number, ratio: number): string {
  return (
    `[binary output withheld: ${stream} contained ${size} bytes of non-text data (${Math.round(ratio * 100)}% control bytes). ` +
    "Redirect to a file and inspect it with a suitable tool, e.g. `command > out.bin` then `file out.bin` or `xxd out.bin | head`.]"
  );
}

/**
 * Decides whether a stream is shown. Valid UTF-8 always is (so `find -print0` output stays text);
 * short undecodable output is shown lossily; longer undecodable output with ≥ 5% control bytes is
 * replaced by a placeholder naming its size. Legacy encodings (cp1251, shift_jis) have few control
 * bytes and are shown lossily.
 */
export function guardBinary(bytes: Uint8Array, stream: string, options: GuardOptions = {}): GuardedOutput {
  // Most commands leave one stream empty; it needs no judging.
  if (bytes.length === 0) return EMPTY_OUTPUT;
  const wide = decodeUtf16Text(bytes);
  if (wide !== null) return { text: wide, withheld: false, encodingLoss: false };
  try {
    return { text: strictDecoder.decode(bytes), withheld: false, encodingLoss: false };
  } catch {
    // not valid UTF-8: judged below
  }
  const pages: CodePages =
    options.codePages ??
    (options.legacyCodePage === undefined
      ? { oem: hostOemCodePage(), ansi: hostAnsiCodePage() }
      : { oem: options.legacyCodePage, ansi: null });
  const legacy = decodeCodePageLines(bytes, pages);
  if (legacy !== null && plausibleText(legacy.text)) {
    // The model is told when the page was a guess: a wrong one garbles accented letters silently.
    const note = legacy.guessed
      ? `\n[shellgate: output decoded as Windows code page ${legacy.codePage}; a guess — code page ${legacy.alternative} reads about as well, so accented letters may be wrong]`
      : "";
    return {
      text: legacy.text + note,
      withheld: false,
      encodingLoss: false,
      codePage: { page: legacy.codePage, guessed: legacy.guessed },
    };
  }
  if (bytes.length < MIN_BINARY_SAMPLE_BYTES) {
    return { text: lossyDecoder.decode(bytes), withheld: false, encodingLoss: true };
  }
  const ratio = controlByteRatio(bytes);
  if (ratio >= BINARY_CONTROL_BYTE_RATIO) {
    return { text: binaryPlaceholder(stream, bytes.length, ratio), withheld: true, encodingLoss: false };
  }
  return { text: lossyDecoder.decode(bytes), withheld: false, encodingLoss: true };
}

/** Text with almost no control characters, as decoded text must be to be believed. */
function plausibleText(text: string): boolean {
  let controls = 0;
  for (const character of text) {
    const code = character.charCodeAt(0);
    if (code === 0xfffd || (code < 0x20 && code !== 9 && code !== 10 && code !== 13) || code === 0x7f)
      controls++;
  }
  return controls <= text.length * 0.01;
}

/**
 * UTF-16LE output (`wsl.exe -l`, files PowerShell 5.1 wrote with `>`), told by its byte-order mark
 * or by its NUL pattern, and believed only when it decodes to plain text. Null otherwise.
 */
export function decodeUtf16Text(bytes: Uint8Array): string | null {
  const whole = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // A head or tail window cut at an odd offset: the code unit split by the cut is dropped, so the
  // rest stays aligned (a tail's first byte is the second half of a unit, a head's last the first).
  const buffer = whole.length % 2 === 0 ? whole : oddCutAligned(whole);
  if (buffer === null) return null;
  const marked = buffer.length >= 2 && buffer[0] === 0xff && buffer[1] === 0xfe;
  if (!marked && (buffer.length < 4 || !looksLikeUtf16le(buffer))) return null;
  const text = buffer.subarray(marked ? 2 : 0).toString("utf16le");
  // NUL-separated output (`find -print0`, `printf 'a\0b\0'`) can look like UTF-16 too; real text
  // has a space or a line break somewhere, NUL-separated names need not.
  if (!marked && (buffer.length < 8 || !/[\s]/.test(text))) return null;
  return plausibleText(text) ? text : null;
}

function oddCutAligned(buffer: Buffer): Buffer | null {
  if (buffer.length < 5) return null;
  const tail = buffer.subarray(1);
  if (looksLikeUtf16le(tail)) return tail;
  const head = buffer.subarray(0, buffer.length - 1);
  return looksLikeUtf16le(head) ? head : null;
}

type CodePageDecoder = Pick<typeof import("iconv-lite"), "encodingExists" | "decode">;
let decoder: CodePageDecoder | undefined;

/** iconv-lite, required on first use: only Windows output in a legacy code page needs its tables. */
function codePageDecoder(): CodePageDecoder {
  decoder ??= createRequire(import.meta.url)("iconv-lite") as CodePageDecoder;
  return decoder;
}

/** Output in a Windows code page, decoded when the page is known and the result is plain text. */
export function decodeLegacyText(bytes: Uint8Array, codePage: number | null): string | null {
  if (codePage === null || codePage === 65001) return null;
  const encoding = `cp${codePage}`;
  const iconv = codePageDecoder();
  if (!iconv.encodingExists(encoding)) return null;
  const text = iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), encoding);
  return plausibleText(text) ? text : null;
}
