import { statusReceipt } from "../receipts/status-receipt.js";
import type { ProcessRecord } from "./process-record.js";
import type { TerminationReason } from "./process-state.js";

export interface TreeTeardownOptions {
  readonly graceMs: number;
  /** After teardown, how long the exit may take before the outcome is declared unknown. */
  readonly exitAfterTeardownMs: number;
}

/** Ending process trees: on request (terminate, timeout, close) and after a normal exit. */
export class TreeTeardown {
  readonly #options: TreeTeardownOptions;

  constructor(options: TreeTeardownOptions) {
    this.#options = options;
  }

  /**
   * Records why the process is being stopped — a cancellation request is visible at once as
   * `cancel_requested`, a timeout is not a cancellation — and runs the one shared teardown, so
   * repeated terminates and close() wait for the same work.
   */
  stop(record: ProcessRecord, reason: TerminationReason): Promise<void> {
    if (record.exitObserved || record.final) return record.stopping ?? Promise.resolve();
    if (record.terminationReason === null) {
      record.terminationReason = reason;
      if (reason !== "timeout") {
        record.cancellationRequested = true;
        record.state = "cancel_requested";
      }
      record.options.mailbox?.post("state", { status: statusReceipt(record) });
      record.notify();
    }
    record.stopping ??= this.#teardown(record).then(() => {
      const timer = setTimeout(() => record.giveUpOnExit(), this.#options.exitAfterTeardownMs);
      void record.settled.then(() => clearTimeout(timer));
    });
    return record.stopping;
  }

  /**
   * After a normal exit, closes what is left of the tree: what the launcher finds still alive (an
   * empty group or job has nothing, which skips a process-table scan per exit; Windows without a
   * job cannot know, so nothing is swept there).
   */
  async sweep(record: ProcessRecord): Promise<void> {
    const launched = record.launched;
    if (!launched) return;
    if ((await launched.leftovers()).length > 0) await this.#teardown(record);
  }

  async #teardown(record: ProcessRecord): Promise<void> {
    const launched = record.launched;
    if (!launched) return;
    try {
      const report = await launched.terminate(this.#options.graceMs);
      // Never report a tree gone that is not: say which processes outlived the teardown.
      const survivors = report?.survivors ?? [];
      if (survivors.length > 0) {
        record.outputError ??= `Processes still running after the teardown: ${survivors.join(", ")}; shellgate could not end them, so kill them by pid.`;
      }
    } catch (error) {
      record.outputError ??= `Process-tree teardown failed: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
}
