/**
 * The line shown between the head and the tail of a stream too long to show whole. Pure: what was
 * kept and what was left out in, the sentence out (src/execution/io/truncate-output.ts decides what
 * is kept).
 */
export type TruncationMarkerInput =
  | {
      readonly mode: "lines";
      readonly headLines: number;
      readonly tailLines: number;
      readonly omittedBytes: number;
      readonly totalBytes: number;
    }
  | {
      readonly mode: "bytes";
      readonly headBytes: number;
      readonly tailBytes: number;
      readonly omittedBytes: number;
      readonly totalBytes: number;
    };

export function truncationMarker(input: TruncationMarkerInput): string {
  const omitted = `${input.omittedBytes} of ${input.totalBytes} bytes omitted`;
  if (input.mode === "lines") {
    return `[... output truncated: showing the first ${input.headLines} and the last ${input.tailLines} lines; ${omitted} ...]`;
  }
  return `[... output truncated by bytes (lines too long): showing the first ${input.headBytes} and the last ${input.tailBytes} bytes; ${omitted} ...]`;
}
