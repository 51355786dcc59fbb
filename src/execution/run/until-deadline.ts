/** How a supervised command ended, and whether its deadline or the caller's abort stopped it. */
export interface DeadlineOutcome<T> {
  readonly end: T;
  readonly timedOut: boolean;
  readonly aborted: boolean;
}

/**
 * Waits for `finished`, calling `stop` once the timeout passes or the caller aborts; the timer and
 * the listener are gone however it ends. One place for the rule that a timeout and an abort stop a
 * command the same way, whatever runs it (a fresh process, a persistent session's frame).
 */
export async function untilDeadline<T>(options: {
  readonly finished: Promise<T>;
  readonly stop: () => Promise<unknown> | undefined;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal | undefined;
}): Promise<DeadlineOutcome<T>> {
  let timedOut = false;
  let aborted = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void options.stop();
  }, options.timeoutMs);
  const onAbort = (): void => {
    aborted = true;
    void options.stop();
  };
  options.signal?.addEventListener("abort", onAbort, { once: true });
  const end = await options.finished.finally(() => {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onAbort);
  });
  return { end, timedOut, aborted };
}
