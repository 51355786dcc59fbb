import { STDIO_DEFAULT_MAX_BUFFER_SIZE, serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCErrorResponse, JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { checkMessage, oversizedReply, parseErrorReply } from "./malformed-message.js";
import { RequestIdScanner, recoverRequestId } from "./request-id-scanner.js";

const NEWLINE = 0x0a;

export interface StdioTransportOptions {
  /** Bytes one message may have; a longer one is answered with an error and skipped. Default 10 MiB. */
  readonly maxMessageBytes?: number;
}

/**
 * MCP over stdio (one JSON-RPC message per line), answering what the SDK's transport drops: a
 * line past the size limit gets an error reply and is skipped (the SDK's closes the whole session,
 * and with it every process the session started), and a line that is not a valid message gets the
 * JSON-RPC error its id is owed (the SDK's only logs it). A skipped line is never held in memory:
 * past the limit its bytes are only scanned for the id.
 */
export class StdioServerTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  readonly #stdin: NodeJS.ReadableStream;
  readonly #stdout: NodeJS.WritableStream;
  readonly #limit: number;
  #pieces: Buffer[] = [];
  #bytes = 0;
  /** Set while the rest of an oversized line streams past. */
  #skipping: RequestIdScanner | null = null;
  #started = false;

  constructor(
    stdin: NodeJS.ReadableStream,
    stdout: NodeJS.WritableStream,
    options: StdioTransportOptions = {},
  ) {
    this.#stdin = stdin;
    this.#stdout = stdout;
    this.#limit = options.maxMessageBytes ?? STDIO_DEFAULT_MAX_BUFFER_SIZE;
  }

  async start(): Promise<void> {
    if (this.#started) throw new Error("the stdio transport is already started");
    this.#started = true;
    this.#stdin.on("data", this.#onData);
    this.#stdin.on("error", this.#onError);
  }

  readonly #onError = (error: Error): void => {
    this.onerror?.(error);
  };

  readonly #onData = (chunk: Buffer | string): void => {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
    let start = 0;
    while (start < bytes.length) {
      const newline = bytes.indexOf(NEWLINE, start);
      const piece = bytes.subarray(start, newline === -1 ? bytes.length : newline);
      this.#take(piece);
      if (newline === -1) return;
      this.#endLine();
      start = newline + 1;
    }
  };

  #take(piece: Buffer): void {
    this.#bytes += piece.length;
    if (this.#skipping) {
      this.#skipping.feed(piece);
      return;
    }
    if (this.#bytes <= this.#limit) {
      this.#pieces.push(piece);
      return;
    }
    // Too long: what was held is scanned for the id and let go; the rest is scanned as it arrives.
    this.#skipping = new RequestIdScanner();
    for (const held of this.#pieces) this.#skipping.feed(held);
    this.#skipping.feed(piece);
    this.#pieces = [];
  }

  #endLine(): void {
    const skipped = this.#skipping;
    const bytes = this.#bytes;
    const line = skipped ? "" : Buffer.concat(this.#pieces, bytes).toString("utf8");
    this.#pieces = [];
    this.#bytes = 0;
    this.#skipping = null;
    if (skipped) {
      const reply = oversizedReply(skipped.id, bytes, this.#limit);
      this.#refuse(reply.error.message, reply);
      return;
    }
    const text = line.endsWith("\r") ? line.slice(0, -1) : line;
    if (text.trim() === "") return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      const reply = parseErrorReply(recoverRequestId(text), (error as Error).message);
      this.#refuse(reply.error.message, reply);
      return;
    }
    const checked = checkMessage(value);
    if (checked.valid) this.onmessage?.(checked.message);
    else this.#refuse(checked.problem, checked.reply);
  }

  /** Logs the problem in one sentence and sends the reply the request is owed, if any. */
  #refuse(problem: string, reply: JSONRPCErrorResponse | JSONRPCErrorResponse[] | undefined): void {
    this.onerror?.(new Error(problem));
    if (reply === undefined) return;
    this.#write(`${JSON.stringify(reply)}\n`).catch((error: unknown) => this.onerror?.(error as Error));
  }

  #write(text: string): Promise<void> {
    return new Promise((resolve) => {
      if (this.#stdout.write(text)) resolve();
      else this.#stdout.once("drain", resolve);
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.#write(serializeMessage(message));
  }

  async close(): Promise<void> {
    this.#stdin.off("data", this.#onData);
    this.#stdin.off("error", this.#onError);
    // Pausing a stdin others still read would take it from them.
    if (this.#stdin.listenerCount("data") === 0) this.#stdin.pause();
    this.#pieces = [];
    this.#skipping = null;
    this.onclose?.();
  }
}
