import type { Launched, LaunchStream } from "../../execution/launch/launcher.js";
import type { ObserverMailbox } from "../observer/observer-mailbox.js";
import { type ChunkContent, renderChunk } from "../output/output-chunk.js";
import { OutputRing } from "../output/output-ring.js";
import { type BinaryGuard, StreamDecoder } from "../output/stream-decoder.js";
import type { ProcessStatus } from "../receipts/status-receipt.js";
import { isFinalState, type ProcessState, type TerminationReason } from "./process-state.js";

export interface ProcessRecordOptions {
  readonly processId: string;
  readonly ownerId: string;
  readonly pty: boolean;
  readonly timeoutSeconds: number;
  readonly questionIds: readonly string[];
  readonly stdinAllowed: boolean;
  readonly maxOutputBytes: number;
  readonly maxChunks: number;
  readonly guard: BinaryGuard;
  readonly mailbox: ObserverMailbox | null;
  readonly createdAt: Date;
}

/**
 * Everything known about one managed process. Mutated only by the supervisor (exit, output,
 * final state) and by terminate/write; readers take snapshots. Waiters are woken by events —
 * new output, a state change — never by polling.
 */
export class ProcessRecord {
  readonly options: ProcessRecordOptions;
  readonly ring: OutputRing;
  readonly #decoders = new Map<LaunchStream, StreamDecoder>();
  #waiters = new Set<() => void>();
  /** Cursors of output that arrived before `started` was observed; null once it was. */
  #heldOutput: number[] | null = [];

  launched: Launched | null = null;
  /** Under the OS sandbox: the text a page of this process's output carries (a denial marker). */
  sandboxTrailer: ((output: string) => string) | null = null;
  state: ProcessState = "running";
  returncode: number | null = null;
  exitObserved = false;
  cancellationRequested = false;
  terminationReason: TerminationReason | null = null;
  outputComplete = false;
  outputError: string | null = null;
  stdinClosed = false;
  /** The last character written to the terminal (pty only): whether its current line has text. */
  lastTerminalInput: string | undefined = undefined;
  endedAt: Date | null = null;
  /** Timestamps rendered once: status and list are called far more often than they change. */
  readonly createdAtText: string;
  endedAtText: string | null = null;
  /** Set once the supervisor decided the final state and output handling is over. */
  readonly settled: Promise<void>;
  #settle!: () => void;
  /** The one shared teardown, so repeated terminates and close() wait for the same work. */
  stopping: Promise<void> | null = null;
  /** Resolves when teardown ran but the exit still was not observed in time. */
  readonly exitGivenUp: Promise<void>;
  #giveUp!: () => void;
  /** Serialises stdin writes: each write sees the previous one's outcome. */
  writeChain: Promise<unknown> = Promise.resolve();

  constructor(options: ProcessRecordOptions) {
    this.options = options;
    this.ring = new OutputRing(options.maxOutputBytes, options.maxChunks);
    this.createdAtText = options.createdAt.toISOString();
    this.settled = new Promise((resolve) => {
      this.#settle = resolve;
    });
    this.exitGivenUp = new Promise((resolve) => {
      this.#giveUp = resolve;
    });
  }

  get processId(): string {
    return this.options.processId;
  }

  get final(): boolean {
    return isFinalState(this.state);
  }

  /** Decodes one raw read and retains (and observes) its chunks; never waits. */
  appendOutput(stream: LaunchStream, bytes: Uint8Array): void {
    const contents = this.#decoder(stream).decode(bytes);
    for (const content of contents) this.#retain(content);
    this.notify();
  }

  /** Flushes characters left incomplete when the streams ended. */
  endOutput(): void {
    for (const decoder of this.#decoders.values()) {
      const content = decoder.end();
      if (content !== null) this.#retain(content);
    }
    this.notify();
  }

  finish(state: ProcessState, endedAt: Date): void {
    this.state = state;
    this.endedAt = endedAt;
    this.endedAtText = endedAt.toISOString();
    this.notify();
  }

  giveUpOnExit(): void {
    this.#giveUp();
  }

  /** Called last, after the observer had its `finished` event: terminate and close wait for this. */
  settle(): void {
    this.#settle();
  }

  notify(): void {
    const waiters = this.#waiters;
    this.#waiters = new Set();
    for (const wake of waiters) wake();
  }

  /** Resolves on the next output or state change, or after `ms`. */
  waitForChange(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.#waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.#waiters.add(wake);
    });
  }

  #decoder(stream: LaunchStream): StreamDecoder {
    let decoder = this.#decoders.get(stream);
    if (decoder === undefined) {
      decoder = new StreamDecoder(stream, this.options.guard);
      this.#decoders.set(stream, decoder);
    }
    return decoder;
  }

  #retain(content: ChunkContent): void {
    const cursor = this.ring.append(content);
    const mailbox = this.options.mailbox;
    if (mailbox === null) return;
    if (this.#heldOutput === null) mailbox.post("output", { chunk: renderChunk(content, cursor) });
    else this.#heldOutput.push(cursor);
  }

  /**
   * Posts `started`, then any output that arrived before it, so a host always sees `started`
   * first. Resolves after the `started` delivery attempt.
   */
  observeStarted(status: ProcessStatus): Promise<void> {
    const mailbox = this.options.mailbox;
    const held = this.#heldOutput ?? [];
    this.#heldOutput = null;
    if (mailbox === null) return Promise.resolve();
    const delivered = mailbox.postAndWait("started", { status });
    for (const cursor of held) {
      const [chunk] = this.ring.page(cursor, 1).chunks;
      if (chunk?.cursor === cursor) mailbox.post("output", { chunk });
    }
    return delivered;
  }
}
