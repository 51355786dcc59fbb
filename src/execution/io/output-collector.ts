import { escapeOutput } from "../../text/results/escape-output.js";
import { binaryPlaceholder, controlByteRatio, guardBinary } from "./binary-guard.js";
import type { SpillDirectory } from "./spill-directory.js";
import { SpillFile } from "./spill-file.js";
import { headBudget, joinTruncated, tailBudget, truncateOutput } from "./truncate-output.js";

export interface OutputCollectorOptions {
  readonly stream: "stdout" | "stderr";
  /** Bytes shown before truncation applies (`max_output_bytes`). */
  readonly limit: number;
  /** Where the complete copy goes once the stream is too long; none → the path is unavailable. */
  readonly spillDirectory?: SpillDirectory;
  readonly spillMaxBytes: number;
}

/** One stream, collected and shaped for the model. */
export interface CollectedStream {
  readonly text: string;
  readonly totalBytes: number;
  readonly truncated: boolean;
  /** Set when truncated: the complete copy's path, or null when it is unavailable. */
  readonly spillPath?: string | null;
  readonly binaryWithheld: boolean;
  readonly encodingLoss: boolean;
}

/**
 * Collects one stream in bounded memory: everything up to the limit; past it, the head, a rolling
 * tail, and a spill file with the complete stream. Decoding happens once at the end, on whole
 * bytes, so a UTF-8 character split across chunks is never broken.
 */
export class OutputCollector {
  private chunks: Buffer[] = [];
  private kept = 0;
  private total = 0;
  private head: Buffer | null = null;
  private tail: Buffer[] = [];
  private tailBytes = 0;
  private spill: SpillFile | null = null;
  private spillUnavailable = false;

  constructor(private readonly options: OutputCollectorOptions) {}

  push(chunk: Buffer): void {
    this.total += chunk.length;
    if (this.head === null) {
      this.chunks.push(chunk);
      this.kept += chunk.length;
      if (this.total > this.options.limit) this.overflow();
      return;
    }
    this.spill?.write(chunk);
    this.addToTail(chunk);
  }

  private overflow(): void {
    const everything = Buffer.concat(this.chunks);
    this.chunks = [];
    this.kept = 0;
    this.head = Buffer.from(everything.subarray(0, headBudget(this.options.limit)));
    this.addToTail(everything);
    const directory = this.options.spillDirectory?.path() ?? null;
    if (directory === null) this.spillUnavailable = true;
    else {
      this.spill = new SpillFile(
        directory,
        this.options.stream,
        this.options.spillMaxBytes,
        undefined,
        this.options.spillDirectory,
      );
      this.spill.write(everything);
    }
  }

  private addToTail(chunk: Buffer): void {
    const budget = tailBudget(this.options.limit);
    this.tail.push(chunk);
    this.tailBytes += chunk.length;
    while (this.tail.length > 1 && this.tailBytes - (this.tail[0] as Buffer).length >= budget) {
      this.tailBytes -= (this.tail.shift() as Buffer).length;
    }
    if (this.tail.length === 1 && this.tailBytes > budget * 2) {
      // One huge chunk: keep only its end so memory stays bounded.
      this.tail = [Buffer.from((this.tail[0] as Buffer).subarray(this.tailBytes - budget))];
      this.tailBytes = budget;
    }
  }

  get totalBytes(): number {
    return this.total;
  }

  /**
   * Closes the spill and shapes the text: binary guard on the raw bytes first, then truncation;
   * the command's text is escaped (marker lines, control characters) before shellgate's lines join it.
   */
  finish(): CollectedStream {
    const { stream, limit } = this.options;
    if (this.head === null) {
      const bytes = Buffer.concat(this.chunks, this.kept);
      const guarded = guardBinary(bytes, stream);
      return {
        text: guarded.withheld ? guarded.text : escapeOutput(guarded.text),
        totalBytes: this.total,
        truncated: false,
        binaryWithheld: guarded.withheld,
        encodingLoss: guarded.encodingLoss,
      };
    }
    const spillPath = this.spillUnavailable ? null : (this.spill?.close(this.total) ?? null);
    const tail = Buffer.concat(this.tail, this.tailBytes);
    const cut = truncateOutput({ head: this.head, tail, totalBytes: this.total, limit });
    const guarded = guardBinary(Buffer.concat([cut.head, cut.tail]), stream);
    if (guarded.withheld) {
      // The placeholder names the whole stream's size, not just the part held in memory.
      const ratio = controlByteRatio(Buffer.concat([cut.head, cut.tail]));
      return {
        text: binaryPlaceholder(stream, this.total, ratio),
        totalBytes: this.total,
        truncated: true,
        spillPath,
        binaryWithheld: true,
        encodingLoss: false,
      };
    }
    const headText = guardBinary(cut.head, stream);
    const tailText = guardBinary(cut.tail, stream);
    return {
      // Escaped apart, before the marker goes between them: the marker is the one line not escaped.
      text: joinTruncated(escapeOutput(headText.text), cut.marker, escapeOutput(tailText.text)),
      totalBytes: this.total,
      truncated: true,
      spillPath,
      binaryWithheld: false,
      encodingLoss: headText.encodingLoss || tailText.encodingLoss,
    };
  }
}
