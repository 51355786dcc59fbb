/**
 * Runs tasks one after another. Used as the lifecycle fence: admission, capacity checks and the
 * spawn of one start happen with no other start or shutdown in between.
 */
export class SerialQueue {
  #tail: Promise<unknown> = Promise.resolve();

  run<Result>(task: () => Promise<Result>): Promise<Result> {
    const result = this.#tail.then(task, task);
    this.#tail = result.catch(() => undefined);
    return result;
  }
}
