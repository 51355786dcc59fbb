import { escapeOutput } from "../../text/results/escape-output.js";
import { guardBinary } from "../io/binary-guard.js";
import { joinTruncated, truncateOutput } from "../io/truncate-output.js";

/** The text one slice of a stream shows: the binary placeholder as is, output escaped. */
function shown(bytes: Uint8Array, stream: "stdout" | "stderr"): string {
  const guarded = guardBinary(bytes, stream);
  return guarded.withheld ? guarded.text : escapeOutput(guarded.text);
}

/** The default bytes one `bash_output` read shows per stream: the foreground `max_output_bytes`. */
export const DEFAULT_BACKGROUND_READ_MAX_BYTES = 100_000;

export interface BoundedRead {
  readonly text: string;
  /** True when the middle of this read was left out (it is in the spill file). */
  readonly truncated: boolean;
}

/**
 * One stream's new bytes as one read shows them: whole when they fit, else head and tail like a
 * foreground result, with a marker that says where the middle is. The caller's cursor still moves
 * past everything, so the next read continues after what this one covered. Pure.
 */
export function boundRead(
  bytes: Uint8Array,
  stream: "stdout" | "stderr",
  limit: number,
  spillPath: string | null | undefined,
): BoundedRead {
  if (bytes.length <= limit) return { text: shown(bytes, stream), truncated: false };
  const cut = truncateOutput({ head: bytes, tail: bytes, totalBytes: bytes.length, limit });
  const where = spillPath ? `the middle is in ${spillPath}` : "the middle is not kept (no spill file)";
  const marker = `${cut.marker.replace(/ \.\.\.\]$/, "")}; ${where} ...]`;
  return {
    text: joinTruncated(shown(cut.head, stream), marker, shown(cut.tail, stream)),
    truncated: true,
  };
}
