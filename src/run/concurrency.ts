import { ExecutionError } from "./execution-error.js";

/** Slots for `max_concurrent`; the managed processes' counter has the same shape and can be shared. */
export interface ConcurrencySlots {
  tryAcquire(): boolean;
  release(): void;
  readonly limit: number | undefined;
}

export function createConcurrencySlots(limit?: number): ConcurrencySlots {
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
    get limit() {
      return limit;
    },
  };
}

/**
 * Takes a slot or refuses at once (a command does not queue: a waiting call would look like a hang).
 * Resolves to the release function.
 */
export function acquireSlot(slots: ConcurrencySlots | undefined): () => void {
  if (!slots) return () => {};
  if (!slots.tryAcquire()) {
    throw new ExecutionError(
      "concurrency-limit",
      `Command rejected: concurrent command limit of ${slots.limit} reached. Wait for a running command to finish, or start long work with run_in_background.`,
    );
  }
  let released = false;
  return () => {
    if (!released) {
      released = true;
      slots.release();
    }
  };
}
