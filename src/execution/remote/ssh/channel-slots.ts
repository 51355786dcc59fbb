/**
 * How many session channels may be open on one connection. Starts at the configured count and is
 * lowered to what the server accepted when it refuses one (OpenSSH's MaxSessions defaults to 10,
 * and nothing announces it); waiters are served in order as channels close.
 */
export class ChannelSlots {
  #limit: number;
  #open = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(limit: number) {
    this.#limit = Math.max(1, limit);
  }

  get limit(): number {
    return this.#limit;
  }

  get open(): number {
    return this.#open;
  }

  /** Resolves with the release function once a slot is free. */
  async acquire(): Promise<() => void> {
    // A waiter is counted when it is woken (`#next`), so no later caller can take its slot.
    if (this.#open < this.#limit) this.#open += 1;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#open -= 1;
      this.#next();
    };
  }

  /**
   * The server refused the channel holding `release`: the limit becomes what is open besides it
   * (at least one, so a server that refuses every session fails rather than waits), and the slot
   * is given back. Returns false when nothing else was open — waiting would not help then.
   */
  lowerToOpen(release: () => void): boolean {
    const others = this.#open - 1;
    release();
    if (others < 1) return false;
    this.#limit = others;
    return true;
  }

  #next(): void {
    while (this.#open < this.#limit && this.#waiting.length > 0) {
      this.#open += 1;
      (this.#waiting.shift() as () => void)();
    }
  }
}
