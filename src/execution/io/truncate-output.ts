import { truncationMarker } from "../../text/results/truncation-marker.js";
import { utf8SafeEnd, utf8SafeStart } from "./utf8-boundary.js";

/** Share of the limit kept from the start and from the end of a stream that was too long. */
export const HEAD_SHARE = 0.4;
export const TAIL_SHARE = 0.4;
/** Below this share of the limit kept by whole lines, lines are too long: cut by bytes instead. */
export const LINE_MODE_FLOOR = 0.2;

export interface TruncationInput {
  /** The first bytes of the stream (at least the head budget, when the stream was that long). */
  readonly head: Uint8Array;
  /** The last bytes of the stream (at least the tail budget). */
  readonly tail: Uint8Array;
  readonly totalBytes: number;
  readonly limit: number;
}

export interface TruncatedBytes {
  readonly head: Uint8Array;
  readonly tail: Uint8Array;
  readonly mode: "lines" | "bytes";
  readonly omittedBytes: number;
  /** The line that goes between head and tail. */
  readonly marker: string;
}

function countLines(bytes: Uint8Array): number {
  let lines = 0;
  for (const byte of bytes) if (byte === 0x0a) lines++;
  return lines;
}

export function headBudget(limit: number): number {
  return Math.floor(limit * HEAD_SHARE);
}

export function tailBudget(limit: number): number {
  return Math.floor(limit * TAIL_SHARE);
}

/**
 * Picks what is shown of a stream longer than the limit: whole lines from the head and the tail
 * (about 40% each), or — when lines are so long that fewer than 20% of the limit would survive —
 * byte cuts that never split a UTF-8 character. Pure.
 */
export function truncateOutput(input: TruncationInput): TruncatedBytes {
  const headMax = headBudget(input.limit);
  const tailMax = tailBudget(input.limit);
  const headWindow = input.head.subarray(0, headMax);
  const tailWindow = input.tail.subarray(Math.max(0, input.tail.length - tailMax));
  const lastNewline = headWindow.lastIndexOf(0x0a);
  const lineHead = headWindow.subarray(0, lastNewline + 1);
  const firstNewline = tailWindow.indexOf(0x0a);
  // The tail window starts mid-line unless the byte before it was a newline; skip the partial line.
  const lineTail =
    firstNewline < 0 ? tailWindow.subarray(tailWindow.length) : tailWindow.subarray(firstNewline + 1);
  if (lineHead.length + lineTail.length >= input.limit * LINE_MODE_FLOOR) {
    const omitted = input.totalBytes - lineHead.length - lineTail.length;
    return {
      head: lineHead,
      tail: lineTail,
      mode: "lines",
      omittedBytes: omitted,
      marker: truncationMarker({
        mode: "lines",
        headLines: countLines(lineHead),
        tailLines: countLines(lineTail),
        omittedBytes: omitted,
        totalBytes: input.totalBytes,
      }),
    };
  }
  const byteHead = headWindow.subarray(0, utf8SafeEnd(headWindow, headWindow.length));
  const byteTail = tailWindow.subarray(utf8SafeStart(tailWindow, 0));
  const omitted = input.totalBytes - byteHead.length - byteTail.length;
  return {
    head: byteHead,
    tail: byteTail,
    mode: "bytes",
    omittedBytes: omitted,
    marker: truncationMarker({
      mode: "bytes",
      headBytes: byteHead.length,
      tailBytes: byteTail.length,
      omittedBytes: omitted,
      totalBytes: input.totalBytes,
    }),
  };
}

/** Joins head, marker and tail into the text shown for a truncated stream. */
export function joinTruncated(headText: string, marker: string, tailText: string): string {
  const beforeMarker = headText.length === 0 || headText.endsWith("\n") ? "" : "\n";
  return `${headText}${beforeMarker}${marker}\n${tailText}`;
}
