import type { OutputChunk } from "../output/output-chunk.js";
import type { ProcessStatus } from "../receipts/status-receipt.js";

export type ObserverPhase = "started" | "output" | "state" | "finished";

/**
 * One observation of a managed process. Never carries the command or stdin text; output chunks
 * are already through the binary guard but can still hold sensitive command results.
 */
export interface ObserverEvent {
  readonly schemaVersion: 1;
  /** The process handle (`process_id`). */
  readonly operationId: string;
  /** The mounted manager instance; hosts must not trust it for authorization. */
  readonly ownerId: string;
  /** Monotonic per process; a gap means events were dropped. */
  readonly sequence: number;
  /** `${operationId}:${sequence}`, for deduplication. */
  readonly eventId: string;
  readonly source: "shellgate";
  readonly kind: "process";
  /** ISO-8601 timestamp. */
  readonly at: string;
  readonly phase: ObserverPhase;
  /** Events dropped for this process before this one was queued. */
  readonly observerDroppedEvents: number;
  /** Phase `output`. */
  readonly chunk?: OutputChunk;
  /** Phases `started`, `state` and `finished`: the status receipt at that moment. */
  readonly status?: ProcessStatus;
}

/** A host callback; it may return a promise, which gets a bounded deadline. */
export type Observer = (event: ObserverEvent) => unknown;
