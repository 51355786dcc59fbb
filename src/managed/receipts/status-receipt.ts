import type { ProcessRecord } from "../lifecycle/process-record.js";
import type { OutputChunk } from "../output/output-chunk.js";
import type { OutputPage } from "../output/output-ring.js";

/** A process's state and counters, in the contract's field names; never the command or stdin. */
export interface ProcessStatus {
  readonly process_id: string;
  readonly owner_id: string;
  readonly lifetime: "mounted_session";
  readonly pid: number | null;
  readonly state: ProcessRecord["state"];
  readonly returncode: number | null;
  readonly cancellation_requested: boolean;
  readonly termination_reason: ProcessRecord["terminationReason"];
  readonly output_complete: boolean;
  readonly output_error: string | null;
  readonly observer_available: boolean;
  readonly observer_dropped_events: number;
  readonly created_at: string;
  readonly ended_at: string | null;
  /** Maximum lifetime in seconds. */
  readonly timeout: number;
  readonly stdin_allowed: boolean;
  readonly stdin_closed: boolean;
  readonly pty: boolean;
  readonly question_ids: readonly string[];
  readonly output_streams: "separate" | "merged";
  readonly eof_semantics: "pipe_half_close" | "canonical_terminal_eof";
  readonly total_output_bytes: number;
  readonly dropped_output_bytes: number;
  readonly earliest_cursor: number;
  readonly latest_cursor: number;
}

/** A status plus one page of output. */
export interface ProcessPage extends ProcessStatus {
  readonly cursor: number;
  readonly next_cursor: number;
  readonly chunks: readonly OutputChunk[];
  readonly cursor_expired: boolean;
  readonly has_more: boolean;
  /** Under the OS sandbox: what it denied, as in the page's output, named with what to do instead. */
  readonly sandbox?: string;
}

export function statusReceipt(record: ProcessRecord): ProcessStatus {
  const { options } = record;
  const counters = record.ring.counters();
  return {
    process_id: options.processId,
    owner_id: options.ownerId,
    lifetime: "mounted_session",
    pid: record.launched?.pid ?? null,
    state: record.state,
    returncode: record.returncode,
    cancellation_requested: record.cancellationRequested,
    termination_reason: record.terminationReason,
    output_complete: record.outputComplete,
    output_error: record.outputError,
    observer_available: options.mailbox !== null,
    observer_dropped_events: options.mailbox?.droppedEvents ?? 0,
    created_at: record.createdAtText,
    ended_at: record.endedAtText,
    timeout: options.timeoutSeconds,
    stdin_allowed: options.stdinAllowed,
    stdin_closed: record.stdinClosed,
    pty: options.pty,
    question_ids: options.questionIds,
    output_streams: options.pty ? "merged" : "separate",
    eof_semantics: options.pty ? "canonical_terminal_eof" : "pipe_half_close",
    total_output_bytes: counters.total_output_bytes,
    dropped_output_bytes: counters.dropped_output_bytes,
    earliest_cursor: counters.earliest_cursor,
    latest_cursor: counters.latest_cursor,
  };
}

export function pageReceipt(record: ProcessRecord, page: OutputPage): ProcessPage {
  // The same marker a foreground result carries, read from this page's output (and the library's
  // violations for the process), as a background task's read is.
  const sandbox = record.sandboxTrailer?.(page.chunks.map((chunk) => chunk.text).join(""));
  return {
    ...statusReceipt(record),
    cursor: page.cursor,
    next_cursor: page.next_cursor,
    chunks: page.chunks,
    cursor_expired: page.cursor_expired,
    has_more: page.has_more,
    earliest_cursor: page.earliest_cursor,
    ...(sandbox ? { sandbox } : {}),
  };
}
