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
export function guardBinary(bytes: Uint8Array, stream: string): GuardedOutput {
  try {
    return { text: strictDecoder.decode(bytes), withheld: false, encodingLoss: false };
  } catch {
    // not valid UTF-8: judged below
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
