import { randomBytes } from "node:crypto";
import { closeSync, openSync, writeSync } from "node:fs";
import path from "node:path";

/** What a spill file draws on: the instance-wide byte budget, and the list of files to clean up. */
export interface SpillBudget {
  reserve(bytes: number): number;
  track(file: string): void;
}

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
  private stoppedBy: "spill_max_bytes" | "spill_total_max_bytes" = "spill_max_bytes";
  readonly path: string;

  constructor(
    directory: string,
    stream: string,
    private readonly maxBytes: number,
    /** Only for tests: a fixed name instead of the random one. */
    fileName?: string,
    /** The instance's budget shared by all its spill files (`spill_total_max_bytes`). */
    private readonly budget?: SpillBudget,
  ) {
    this.path = path.join(directory, fileName ?? `${randomBytes(12).toString("hex")}-${stream}.log`);
    try {
      this.descriptor = openSync(this.path, "wx", 0o600);
    } catch {
      this.descriptor = null;
      this.failed = true;
    }
    if (this.descriptor !== null) budget?.track(this.path);
  }

  write(chunk: Uint8Array): void {
    if (this.descriptor === null || this.failed || this.capped) return;
    const ownRoom = this.maxBytes - this.written;
    const wanted = Math.min(chunk.length, ownRoom);
    const granted = this.budget ? this.budget.reserve(wanted) : wanted;
    if (granted < wanted) this.stoppedBy = "spill_total_max_bytes";
    const room = granted < wanted ? granted : ownRoom;
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
          `\n[shellgate: this copy stopped at ${this.written} bytes (${this.stoppedBy}); the stream was ${totalBytes} bytes]\n`,
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
