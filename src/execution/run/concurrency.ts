import type { ConcurrencyCounter } from "../concurrency/concurrency-counter.js";
import { ExecutionError } from "./execution-error.js";

/**
 * Takes a slot or refuses at once (a command does not queue: a waiting call would look like a hang).
 * Resolves to the release function.
 */
export function acquireSlot(slots: ConcurrencyCounter | undefined): () => void {
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
