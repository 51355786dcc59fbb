// Short text renderings of managed-process receipts, beside the structured content. Pure: plain
// receipt data in, text out. Only the fields the contract names are read.

import { escapeOutput } from "./escape-output.js";

interface ChunkView {
  readonly stream: string;
  readonly text: string;
  /** The chunk's text is shellgate's binary notice, not output. */
  readonly binary_output_withheld?: boolean;
}

export interface StatusView {
  readonly process_id: string;
  readonly state: string;
  readonly returncode: number | null;
  readonly termination_reason?: string | null;
  readonly output_complete?: boolean;
  readonly dropped_output_bytes?: number;
  readonly earliest_cursor?: number;
  readonly pid?: number | null;
}

export interface PageView extends StatusView {
  readonly chunks: readonly ChunkView[];
  readonly next_cursor: number;
  readonly has_more: boolean;
  readonly cursor_expired: boolean;
  /** The sandbox's denial marker for this page, when it denied something. */
  readonly sandbox?: string;
}

export interface ListView {
  readonly processes: readonly StatusView[];
}

/** One line: `[process p1: failed, returncode 2, timeout]`. */
export function statusLine(status: StatusView): string {
  const parts = [status.state];
  if (status.returncode !== null) parts.push(`returncode ${status.returncode}`);
  if (status.termination_reason) parts.push(`reason ${status.termination_reason}`);
  if (status.state !== "running" && status.output_complete === false) parts.push("output incomplete");
  return `[process ${status.process_id}: ${parts.join(", ")}]`;
}

/**
 * The chunks' text with a section line at each stream switch. Output is escaped a run of chunks at
 * a time, not chunk by chunk: a marker-shaped line a command wrote in two reads is still one line.
 */
function chunkText(chunks: readonly ChunkView[]): string {
  let text = "";
  let stream = "";
  let run = "";
  const flush = () => {
    text += escapeOutput(run);
    run = "";
  };
  for (const chunk of chunks) {
    // Mark each switch to stderr, as the foreground result does, so the order stays readable.
    if (chunk.stream === "stderr" && stream !== "stderr") {
      flush();
      text += `${text && !text.endsWith("\n") ? "\n" : ""}[stderr]\n`;
    }
    if (chunk.stream !== "stderr" && stream === "stderr") {
      flush();
      text += `${text.endsWith("\n") ? "" : "\n"}[stdout]\n`;
    }
    if (chunk.binary_output_withheld) {
      flush();
      text += chunk.text;
    } else run += chunk.text;
    stream = chunk.stream;
  }
  flush();
  return text;
}

/** A page: its output, a gap notice when older output is gone, the cursor to continue from. */
export function pageText(page: PageView): string {
  const lines: string[] = [];
  const output = chunkText(page.chunks);
  lines.push(output === "" ? "(no new output)" : output.replace(/\n$/, ""));
  if (page.sandbox) lines.push(page.sandbox);
  if (page.cursor_expired) {
    lines.push(
      `[older output was dropped (${page.dropped_output_bytes ?? 0} bytes); this page starts at cursor ${page.earliest_cursor ?? 0}]`,
    );
  }
  lines.push(`[next_cursor: ${page.next_cursor}${page.has_more ? ", more output is buffered" : ""}]`);
  lines.push(statusLine(page));
  return lines.join("\n");
}

export function listText(list: ListView): string {
  if (list.processes.length === 0) return "(no managed processes)";
  return list.processes.map(statusLine).join("\n");
}
