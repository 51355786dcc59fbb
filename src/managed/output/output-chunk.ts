export type OutputStreamName = "stdout" | "stderr" | "terminal";

/** One reader pass over one stream, as retained and as returned by `read`/`wait`. */
export interface OutputChunk {
  readonly stream: OutputStreamName;
  /** Rendered text: UTF-8 characters split across passes appear whole in the later chunk. */
  readonly text: string;
  /** Raw source bytes this chunk came from; page budgets count these, not `text`. */
  readonly bytes: number;
  /** Chunk sequence number (not a byte offset). */
  readonly cursor: number;
  readonly next_cursor: number;
  /** The bytes looked binary; `text` is a notice, not the output. */
  readonly binary_output_withheld: boolean;
  /** Some bytes were not valid UTF-8 and were rendered as U+FFFD. */
  readonly encoding_loss: boolean;
}

export type ChunkContent = Omit<OutputChunk, "cursor" | "next_cursor">;
