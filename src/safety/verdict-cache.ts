import type { Verdict } from "./verdict.js";

/**
 * Verdicts already reached, by command and context: an agent repeats the same few commands, and a
 * verdict depends on nothing else (the profile and lists are fixed per gate). Bounded; the oldest
 * entry goes first, so memory stays flat however many distinct commands arrive.
 */
export class VerdictCache {
  private readonly entries = new Map<string, Verdict>();

  constructor(private readonly capacity = 4096) {}

  get(key: string): Verdict | undefined {
    return this.entries.get(key);
  }

  set(key: string, verdict: Verdict): void {
    if (this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, verdict);
  }
}
