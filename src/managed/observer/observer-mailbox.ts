import type { Observer, ObserverEvent, ObserverPhase } from "./observer-event.js";

export interface ObserverMailboxOptions {
  readonly observer: Observer;
  readonly operationId: string;
  readonly ownerId: string;
  readonly capacity: number;
  readonly asyncDeadlineMs: number;
  readonly now?: () => Date;
}

type EventBody = Pick<ObserverEvent, "chunk" | "status">;

/**
 * A bounded per-process queue in front of a host observer. Posting never waits: when the queue
 * is full the event is dropped and counted, and a failed or late delivery is counted, never
 * retried. One delivery runs at a time so the observer sees events in sequence order.
 */
export class ObserverMailbox {
  readonly #options: ObserverMailboxOptions;
  readonly #queue: { event: ObserverEvent; settled?: () => void }[] = [];
  #sequence = 0;
  #dropped = 0;
  #draining: Promise<void> | null = null;
  #roomWaiters: (() => void)[] = [];
  #closed = false;

  constructor(options: ObserverMailboxOptions) {
    this.#options = options;
  }

  get droppedEvents(): number {
    return this.#dropped;
  }

  /** Queues an event without waiting; returns false when it was dropped. */
  post(phase: ObserverPhase, body: EventBody): boolean {
    return this.#enqueue(phase, body, undefined);
  }

  /**
   * Queues an event — waiting for room rather than dropping it — and resolves after its one
   * delivery attempt (each attempt is bounded by the async deadline). For `started` and
   * `finished`, the lifecycle events a host must not lose to a burst of output.
   */
  async postAndWait(phase: ObserverPhase, body: EventBody): Promise<void> {
    while (!this.#closed && this.#queue.length >= this.#options.capacity) {
      await new Promise<void>((resolve) => this.#roomWaiters.push(resolve));
    }
    await new Promise<void>((resolve) => {
      if (!this.#enqueue(phase, body, resolve)) resolve();
    });
  }

  #enqueue(phase: ObserverPhase, body: EventBody, settled: (() => void) | undefined): boolean {
    if (this.#closed) return false;
    const event = this.#event(phase, body);
    if (this.#queue.length >= this.#options.capacity) {
      this.#dropped++;
      return false;
    }
    this.#queue.push(settled === undefined ? { event } : { event, settled });
    this.#drain();
    return true;
  }

  /** Resolves once everything queued so far had its delivery attempt. */
  async flush(): Promise<void> {
    while (this.#draining !== null) await this.#draining;
  }

  /** Refuses further events and waits for the queued ones (used after `finished`). */
  async close(): Promise<void> {
    this.#closed = true;
    await this.flush();
  }

  #event(phase: ObserverPhase, body: EventBody): ObserverEvent {
    const sequence = ++this.#sequence;
    const { operationId, ownerId } = this.#options;
    return {
      schemaVersion: 1,
      operationId,
      ownerId,
      sequence,
      eventId: `${operationId}:${sequence}`,
      source: "shellgate",
      kind: "process",
      at: (this.#options.now?.() ?? new Date()).toISOString(),
      phase,
      observerDroppedEvents: this.#dropped,
      ...body,
    };
  }

  #drain(): void {
    if (this.#draining !== null) return;
    this.#draining = (async () => {
      for (let entry = this.#queue.shift(); entry !== undefined; entry = this.#queue.shift()) {
        this.#roomWaiters.shift()?.();
        if (!(await this.#deliver(entry.event))) this.#dropped++;
        entry.settled?.();
      }
      this.#draining = null;
    })();
  }

  async #deliver(event: ObserverEvent): Promise<boolean> {
    // Start the call on a fresh turn so a synchronous observer never runs inside the reader that posted.
    await Promise.resolve();
    let result: unknown;
    try {
      result = this.#options.observer(event);
    } catch {
      return false;
    }
    if (!isPromiseLike(result)) return true;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), this.#options.asyncDeadlineMs);
    });
    try {
      return await Promise.race([
        Promise.resolve(result).then(
          () => true,
          () => false,
        ),
        deadline,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    "then" in value &&
    typeof (value as { then: unknown }).then === "function"
  );
}
