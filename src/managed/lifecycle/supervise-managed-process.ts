import { constants } from "node:os";
import type { Launched } from "../../execution/launch/launcher.js";
import type { ProcessStatus } from "../receipts/status-receipt.js";
import type { ProcessRecord } from "./process-record.js";
import { decideFinalState, returncodeFromExit } from "./process-state.js";

export interface SuperviseDependencies {
  /** Tears the tree down; shared with terminate so there is one teardown per process. */
  readonly stop: (record: ProcessRecord, reason: "timeout") => Promise<void>;
  /** Closes whatever is left of the process group after a normal exit. */
  readonly sweep: (record: ProcessRecord) => Promise<void>;
  readonly outputDrainMs: number;
  readonly now: () => Date;
  readonly onSettled: (record: ProcessRecord) => void;
  readonly statusOf: (record: ProcessRecord) => ProcessStatus;
}

const signalNumbers = constants.signals as unknown as Readonly<Record<string, number>>;

/**
 * Follows one process to its end: the lifetime timeout, the exit, the sweep of what the exit
 * left behind (a normal exit also closes the remaining group), the output drain (bounded), the
 * final state from observations, and the `finished` observation.
 */
export async function superviseManagedProcess(
  record: ProcessRecord,
  launched: Launched,
  dependencies: SuperviseDependencies,
): Promise<void> {
  const lifetime = setTimeout(
    () => void dependencies.stop(record, "timeout"),
    record.options.timeoutSeconds * 1000,
  );
  const exit = await Promise.race([launched.exited, record.exitGivenUp.then(() => null)]);
  clearTimeout(lifetime);
  if (exit === null) {
    // Teardown ran and the process still did not exit: its outcome is unknown, not "cancelled".
    record.outputError ??= "The process did not exit after its tree was torn down; its outcome is unknown.";
  } else {
    record.exitObserved = true;
    record.returncode = returncodeFromExit(exit.code, exit.signal, signalNumbers);
  }
  record.notify();

  await (record.stopping ?? dependencies.sweep(record));
  const drained = exit !== null && (await settlesWithin(launched.drained, dependencies.outputDrainMs));
  if (!drained) {
    launched.abandonOutput();
    if (exit !== null)
      record.outputError ??= `Output streams did not close within ${dependencies.outputDrainMs} ms after exit (a process outside the tree may still hold them); later output was not collected.`;
  }
  record.outputComplete = drained;
  record.endOutput();
  // An empty Job Object, the script file: nothing of the launch is needed any more.
  launched.release();

  record.finish(
    decideFinalState({
      returncode: record.returncode,
      cancellationRequested: record.cancellationRequested,
      terminationReason: record.terminationReason,
      outputError: false,
    }),
    dependencies.now(),
  );
  const mailbox = record.options.mailbox;
  if (mailbox !== null) {
    await mailbox.postAndWait("finished", { status: dependencies.statusOf(record) });
    await mailbox.close();
  }
  record.settle();
  dependencies.onSettled(record);
}

function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    promise.then(
      () => {
        clearTimeout(timer);
        resolve(true);
      },
      () => {
        clearTimeout(timer);
        resolve(false);
      },
    );
  });
}
