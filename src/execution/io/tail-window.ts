import { incompleteUtf8Suffix, utf8SafeStart } from "./utf8-boundary.js";

export interface WindowRead {
  readonly bytes: Buffer;
  /** Bytes between the reader's cursor and the oldest byte still held: lost to the memory bound. */
  readonly lostBytes: number;
  /** The cursor for the next read, in whole-stream byte offsets. */
  readonly next: number;
}

/**
 * The last `maxBytes` of a stream, addressed by whole-stream byte offsets, for incremental reads of
 * background output. A read never returns the same byte twice and never splits a UTF-8 character
 * (an unfinished one waits for the next read, unless the stream has ended).
 */
export class TailWindow {
  private chunks: Buffer[] = [];
  private held = 0;
  private total = 0;

  constructor(private readonly maxBytes: number) {}

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.held += chunk.length;
    this.total += chunk.length;
    while (this.chunks.length > 1 && this.held - (this.chunks[0] as Buffer).length >= this.maxBytes) {
      this.held -= (this.chunks.shift() as Buffer).length;
    }
    if (this.held > this.maxBytes * 2) {
      const all = Buffer.concat(this.chunks, this.held);
      this.chunks = [Buffer.from(all.subarray(all.length - this.maxBytes))];
      this.held = this.maxBytes;
    }
  }

  get totalBytes(): number {
    return this.total;
  }

  readFrom(offset: number, ended: boolean): WindowRead {
    const windowStart = this.total - this.held;
    const all = Buffer.concat(this.chunks, this.held);
    let start = Math.max(offset, windowStart) - windowStart;
    const lostBytes = Math.max(0, windowStart - offset);
    if (lostBytes > 0) start = utf8SafeStart(all, start);
    let end = all.length;
    if (!ended) end -= incompleteUtf8Suffix(all.subarray(start));
    if (end < start) end = start;
    return { bytes: all.subarray(start, end), lostBytes, next: windowStart + end };
  }
}
