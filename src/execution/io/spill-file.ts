import { randomBytes } from "node:crypto";
import { closeSync, openSync, writeSync } from "node:fs";
import path from "node:path";

/**
 * The complete copy of one stream that was too long to show. Opened exclusively (`wx`: fails on any
 * existing path, symlinks included) with mode 0600 under a private directory, with a random name.
 * Capped: past `maxBytes` nothing more is written and a last line says where the copy stopped. Any
 * write or close failure withholds the path, so the model never sees a path to a broken copy.
 */
export class SpillFile {
  private descriptor: number | null;
  private written = 0;
  private capped = false;
  private failed = false;
  readonly path: string;

  constructor(
    directory: string,
    stream: string,
    private readonly maxBytes: number,
    /** Only for tests: a fixed name instead of the random one. */
    fileName?: string,
  ) {
    this.path = path.join(directory, fileName ?? `${randomBytes(12).toString("hex")}-${stream}.log`);
    try {
      this.descriptor = openSync(this.path, "wx", 0o600);
    } catch {
      this.descriptor = null;
      this.failed = true;
    }
  }

  write(chunk: Uint8Array): void {
    if (this.descriptor === null || this.failed || this.capped) return;
    const room = this.maxBytes - this.written;
    const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
    try {
      let offset = 0;
      while (offset < part.length) offset += writeSync(this.descriptor, part, offset);
      this.written += part.length;
    } catch {
      this.failed = true;
    }
    if (chunk.length > room) this.capped = true;
  }

  /** Closes the file; resolves to its path, or null when the copy cannot be trusted. */
  close(totalBytes: number): string | null {
    if (this.descriptor === null) return null;
    const descriptor = this.descriptor;
    this.descriptor = null;
    try {
      if (this.capped && !this.failed) {
        writeSync(
          descriptor,
          `\n[shellgate: this copy stopped at ${this.written} bytes (spill_max_bytes); the stream was ${totalBytes} bytes]\n`,
        );
      }
      closeSync(descriptor);
    } catch {
      this.failed = true;
    }
    return this.failed ? null : this.path;
  }

  get bytesWritten(): number {
    return this.written;
  }

  get wasCapped(): boolean {
    return this.capped;
  }
}
