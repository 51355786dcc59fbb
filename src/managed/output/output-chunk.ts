export type OutputStreamName = "stdout" | "stderr" | "terminal";

/** One reader pass over one stream, as returned by `read`/`wait` and observed. */
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

/**
 * A chunk as retained. Valid UTF-8 (the common case) keeps its bytes and is decoded only when
 * read, so output that is dropped before anyone reads it never becomes a string.
 */
export interface ChunkContent {
  readonly stream: OutputStreamName;
  readonly bytes: number;
  readonly binary_output_withheld: boolean;
  readonly encoding_loss: boolean;
  /** Decoded text, when it had to be decoded at once (split characters, invalid bytes, notices). */
  readonly text?: string;
  /** Complete, valid UTF-8 to decode on read. */
  readonly source?: Uint8Array;
}

const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

export function chunkText(content: ChunkContent): string {
  if (content.text !== undefined) return content.text;
  return content.source === undefined ? "" : decoder.decode(content.source);
}

export function renderChunk(content: ChunkContent, cursor: number): OutputChunk {
  return {
    stream: content.stream,
    text: chunkText(content),
    bytes: content.bytes,
    cursor,
    next_cursor: cursor + 1,
    binary_output_withheld: content.binary_output_withheld,
    encoding_loss: content.encoding_loss,
  };
}
