/**
 * Active commands shared between foreground runs and managed processes, so `max_concurrent`
 * means one number for the whole mounted tool. A managed process holds its slot for its whole
 * lifetime.
 */
export interface ConcurrencyCounter {
  /** Takes a slot; false when the limit is reached. */
  tryAcquire(): boolean;
  release(): void;
  readonly active: number;
  /** Undefined: no limit. */
  readonly limit: number | undefined;
}

export function createConcurrencyCounter(limit?: number): ConcurrencyCounter {
  let active = 0;
  return {
    tryAcquire() {
      if (limit !== undefined && active >= limit) return false;
      active++;
      return true;
    },
    release() {
      if (active > 0) active--;
    },
    get active() {
      return active;
    },
    get limit() {
      return limit;
    },
  };
}
