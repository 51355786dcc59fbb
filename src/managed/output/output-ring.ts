import { ManagedProcessError } from "../managed-process-error.js";
import { type ChunkContent, type OutputChunk, renderChunk } from "./output-chunk.js";

/** One page of retained output starting at a cursor. */
export interface OutputPage {
  readonly cursor: number;
  readonly chunks: readonly OutputChunk[];
  readonly next_cursor: number;
  readonly has_more: boolean;
  /** The requested cursor pointed at output that was already dropped; the page starts later. */
  readonly cursor_expired: boolean;
  readonly earliest_cursor: number;
}

export interface OutputRingCounters {
  readonly total_output_bytes: number;
  readonly dropped_output_bytes: number;
  readonly retained_output_bytes: number;
  /** Cursor of the oldest retained chunk (equals `latest_cursor` when nothing is retained). */
  readonly earliest_cursor: number;
  /** The cursor the next chunk will get; reading from it waits for new output. */
  readonly latest_cursor: number;
}

/**
 * Bounded, cursor-addressed output retention. Oldest chunks are dropped once either the byte
 * budget or the chunk budget is exceeded; every dropped byte is counted so a reader can tell
 * a gap from the end of output.
 */
export class OutputRing {
  readonly #maxBytes: number;
  readonly #maxChunks: number;
  // A queue with a moving head: shifting a large array on every drop would be O(n).
  #chunks: ChunkContent[] = [];
  #head = 0;
  #nextCursor = 0;
  #retainedBytes = 0;
  #droppedBytes = 0;
  #totalBytes = 0;

  constructor(maxBytes: number, maxChunks: number) {
    this.#maxBytes = maxBytes;
    this.#maxChunks = maxChunks;
  }

  /** Retains a chunk and returns its cursor. */
  append(content: ChunkContent): number {
    const cursor = this.#nextCursor++;
    this.#chunks.push(content);
    this.#retainedBytes += content.bytes;
    this.#totalBytes += content.bytes;
    while (this.#retainedCount() > 0 && this.#overBudget()) this.#dropOldest();
    return cursor;
  }

  counters(): OutputRingCounters {
    return {
      total_output_bytes: this.#totalBytes,
      dropped_output_bytes: this.#droppedBytes,
      retained_output_bytes: this.#retainedBytes,
      earliest_cursor: this.#earliestCursor(),
      latest_cursor: this.#nextCursor,
    };
  }

  /** True when a chunk exists at or after `cursor` (expired cursors count as "after"). */
  hasOutputAfter(cursor: number): boolean {
    return this.#nextCursor > cursor && this.#retainedCount() > 0;
  }

  /** Reads without consuming: the same cursor returns the same page while it is retained. */
  page(cursor: number, maxBytes: number): OutputPage {
    if (!Number.isInteger(cursor) || cursor < 0 || cursor > this.#nextCursor) {
      throw new ManagedProcessError(
        "cursor_out_of_range",
        `Cursor ${cursor} is beyond the latest output cursor ${this.#nextCursor}; use next_cursor from the previous page (or 0).`,
      );
    }
    const earliest = this.#earliestCursor();
    const start = Math.max(cursor, earliest);
    const chunks: OutputChunk[] = [];
    let budget = maxBytes;
    let index = this.#head + (start - earliest);
    for (; index < this.#chunks.length; index++) {
      const content = this.#chunks[index]!;
      // A page always makes progress: a single chunk larger than the budget is still returned.
      if (chunks.length > 0 && content.bytes > budget) break;
      chunks.push(renderChunk(content, earliest + (index - this.#head)));
      budget -= content.bytes;
    }
    return {
      cursor,
      chunks,
      next_cursor: chunks.length > 0 ? chunks[chunks.length - 1]!.next_cursor : start,
      has_more: index < this.#chunks.length,
      cursor_expired: cursor < earliest,
      earliest_cursor: earliest,
    };
  }

  #retainedCount(): number {
    return this.#chunks.length - this.#head;
  }

  #earliestCursor(): number {
    return this.#nextCursor - this.#retainedCount();
  }

  #overBudget(): boolean {
    return this.#retainedBytes > this.#maxBytes || this.#retainedCount() > this.#maxChunks;
  }

  #dropOldest(): void {
    const chunk = this.#chunks[this.#head]!;
    this.#head++;
    this.#retainedBytes -= chunk.bytes;
    this.#droppedBytes += chunk.bytes;
    if (this.#head > 1024 && this.#head * 2 > this.#chunks.length) {
      this.#chunks = this.#chunks.slice(this.#head);
      this.#head = 0;
    }
  }
}
