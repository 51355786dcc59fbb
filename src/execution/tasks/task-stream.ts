import type { SpillDirectory } from "../io/spill-directory.js";
import { SpillFile } from "../io/spill-file.js";
import { TailWindow, type WindowRead } from "../io/tail-window.js";

/**
 * One stream of a background task: the last `maxBytes` in memory for incremental reads, and — once
 * it grew past that — a spill file with the complete stream (capped), so lost reads can point at it.
 */
export class TaskStream {
  private readonly window: TailWindow;
  private spill: SpillFile | null = null;
  private spillClosed: string | null | undefined;
  private spillUnavailable = false;
  private cursor = 0;

  constructor(
    private readonly stream: "stdout" | "stderr",
    private readonly maxBytes: number,
    private readonly spillDirectory: SpillDirectory | undefined,
    private readonly spillMaxBytes: number,
  ) {
    this.window = new TailWindow(maxBytes);
  }

  push(chunk: Buffer): void {
    if (
      this.spill === null &&
      !this.spillUnavailable &&
      this.window.totalBytes + chunk.length > this.maxBytes
    ) {
      const directory = this.spillDirectory?.path() ?? null;
      if (directory === null) this.spillUnavailable = true;
      else {
        this.spill = new SpillFile(directory, this.stream, this.spillMaxBytes);
        // Nothing has been dropped yet, so the window still holds the whole stream.
        this.spill.write(this.window.readFrom(0, true).bytes);
      }
    }
    this.spill?.write(chunk);
    this.window.push(chunk);
  }

  /** Everything since the previous read (bounded by memory); advances the cursor. */
  read(ended: boolean): WindowRead {
    const result = this.window.readFrom(this.cursor, ended);
    this.cursor = result.next;
    return result;
  }

  finish(): void {
    if (this.spill && this.spillClosed === undefined)
      this.spillClosed = this.spill.close(this.window.totalBytes);
  }

  /** The complete copy: a path, null when unavailable, undefined when the stream never overflowed. */
  get spillPath(): string | null | undefined {
    if (this.spillUnavailable) return null;
    if (!this.spill) return undefined;
    return this.spillClosed === undefined ? this.spill.path : this.spillClosed;
  }

  get totalBytes(): number {
    return this.window.totalBytes;
  }
}
