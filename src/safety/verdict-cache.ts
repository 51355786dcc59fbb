import type { Verdict } from "./verdict.js";

/** A map that forgets its oldest entry once full, so memory stays flat however many keys arrive. */
export class BoundedCache<Value> {
  private readonly entries = new Map<string, Value>();

  constructor(private readonly capacity: number) {}

  get(key: string): Value | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: Value): void {
    if (this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, value);
  }
}

/**
 * Verdicts already reached, by command and context: an agent repeats the same few commands, and a
 * verdict depends on nothing else (the profile and lists are fixed per gate). Bounded; the oldest
 * entry goes first, so memory stays flat however many distinct commands arrive.
 */
export class VerdictCache extends BoundedCache<Verdict> {
  constructor(capacity = 4096) {
    super(capacity);
  }
}
