import { isUtf8 } from "node:buffer";
import { CHUNK_SOURCE_BYTES } from "../limits.js";
import type { ChunkContent, OutputStreamName } from "./output-chunk.js";

/** The binary guard's answer for one slice of raw output. */
export interface GuardedText {
  readonly text: string;
  readonly withheld: boolean;
  readonly encodingLoss: boolean;
}

export type BinaryGuard = (bytes: Uint8Array, stream: OutputStreamName) => GuardedText;

const REPLACEMENT = "\uFFFD";

/**
 * Turns one stream's raw reads into chunk contents of at most `CHUNK_SOURCE_BYTES` source bytes.
 * A UTF-8 character split across reads is held back by the streaming decoder and appears whole
 * in the next chunk; the binary guard decides per slice whether the bytes are shown at all.
 */
export class StreamDecoder {
  readonly #stream: OutputStreamName;
  readonly #guard: BinaryGuard;
  #decoder = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true });
  /** The streaming decoder holds the first bytes of a character split by the last read. */
  #pending = false;
  /** Those held bytes, so a literal U+FFFD split across reads is counted as spelled out. */
  #carry: Uint8Array = new Uint8Array(0);

  constructor(stream: OutputStreamName, guard: BinaryGuard) {
    this.#stream = stream;
    this.#guard = guard;
  }

  decode(bytes: Uint8Array): ChunkContent[] {
    const contents: ChunkContent[] = [];
    // Text is cut between characters, so only a read boundary can split one. Other bytes are cut
    // at fixed sizes: there, "characters" are noise and would leave tiny slices the guard cannot judge.
    const bounds = characterBounds(bytes);
    const text = isUtf8(bytes.subarray(bounds.start, bounds.end));
    for (let offset = 0; offset < bytes.length; ) {
      let end = Math.min(offset + CHUNK_SOURCE_BYTES, bytes.length);
      if (text && end < bytes.length) {
        const boundary = offset + characterBounds(bytes.subarray(offset, end)).end;
        if (boundary > offset) end = boundary;
      }
      contents.push(this.#decodeSlice(bytes.subarray(offset, end)));
      offset = end;
    }
    return contents;
  }

  /** Flushes a character left incomplete at end of stream (rendered as U+FFFD). */
  end(): ChunkContent | null {
    const text = this.#decoder.decode();
    if (text.length === 0) return null;
    return this.#content(text, 0, false, true);
  }

  #decodeSlice(slice: Uint8Array): ChunkContent {
    if (!this.#pending && isUtf8(slice) && !startsWithByteOrderMark(slice)) {
      // Valid UTF-8 is always shown (the guard's first rule): keep the bytes, not a string. A
      // view, not a copy: retained chunks are contiguous, so at most the oldest read's buffer is
      // pinned beyond the retained bytes themselves (Node sizes each read's buffer to the read).
      return {
        stream: this.#stream,
        bytes: slice.length,
        binary_output_withheld: false,
        encoding_loss: false,
        source: slice,
      };
    }
    const { start, end } = characterBounds(slice);
    // The guard judges whole characters: a character split by the read boundary is not binary.
    const guarded = this.#guard(slice.subarray(start, end), this.#stream);
    if (guarded.withheld) {
      // The withheld bytes must not leak into the next slice's text as half a character.
      this.#decoder = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true });
      this.#pending = false;
      this.#carry = new Uint8Array(0);
      return this.#content(guarded.text, slice.length, true, guarded.encodingLoss);
    }
    const text = this.#decoder.decode(slice, { stream: true });
    const source = this.#carry.length === 0 ? slice : concat(this.#carry, slice);
    this.#pending = end < slice.length;
    this.#carry = this.#pending ? slice.slice(end) : new Uint8Array(0);
    return this.#content(text, slice.length, false, replacementsAdded(text, source));
  }

  #content(text: string, bytes: number, withheld: boolean, encodingLoss: boolean): ChunkContent {
    return {
      stream: this.#stream,
      text,
      bytes,
      binary_output_withheld: withheld,
      encoding_loss: encodingLoss,
    };
  }
}

/** The slice without continuation bytes at its start and an incomplete sequence at its end. */
export function wholeCharacters(slice: Uint8Array): Uint8Array {
  const { start, end } = characterBounds(slice);
  return slice.subarray(start, end);
}

function characterBounds(slice: Uint8Array): { start: number; end: number } {
  let start = 0;
  while (start < 3 && start < slice.length && isContinuation(slice[start]!)) start++;
  let end = slice.length;
  for (let back = 1; back <= 3 && end - back >= start; back++) {
    const byte = slice[end - back]!;
    if (isContinuation(byte)) continue;
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    if (length > back) end -= back;
    break;
  }
  return { start, end };
}

function startsWithByteOrderMark(slice: Uint8Array): boolean {
  return slice[0] === 0xef && slice[1] === 0xbb && slice[2] === 0xbf;
}

function concat(head: Uint8Array, tail: Uint8Array): Uint8Array {
  const joined = new Uint8Array(head.length + tail.length);
  joined.set(head);
  joined.set(tail, head.length);
  return joined;
}

function isContinuation(byte: number): boolean {
  return (byte & 0xc0) === 0x80;
}

/**
 * The lenient decoder writes U+FFFD for every invalid sequence, so loss happened exactly when the
 * text holds more U+FFFD than the source spelled out (EF BF BD). Cheaper than a second, strict
 * decoder on the hot path. The source includes the bytes held from the previous read, so a literal
 * U+FFFD split across reads counts as spelled out.
 */
function replacementsAdded(text: string, source: Uint8Array): boolean {
  let rendered = 0;
  for (let index = text.indexOf(REPLACEMENT); index !== -1; index = text.indexOf(REPLACEMENT, index + 1)) {
    rendered++;
  }
  if (rendered === 0) return false;
  let literal = 0;
  for (let index = source.indexOf(0xef); index !== -1; index = source.indexOf(0xef, index + 1)) {
    if (source[index + 1] === 0xbf && source[index + 2] === 0xbd) literal++;
  }
  return rendered > literal;
}
