import { LaunchError, type Launched, type Launcher, type LaunchPlan } from "../launch/launcher.js";
import type { TerminationReport } from "../terminate/terminate-tree.js";
import type { BackgroundChildren } from "./run-result.js";
import {
  DEFAULT_DRAIN_MS,
  HELD_OPEN_WAIT_MS,
  type ProcessEnd,
  type SupervisedProcess,
  type SuperviseOptions,
} from "./supervise-types.js";

function delay(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds).unref());
}

/** Whether `promise` settles within `milliseconds`. */
function within(promise: Promise<unknown>, milliseconds: number): Promise<boolean> {
  return Promise.race([promise.then(() => true), delay(milliseconds).then(() => false)]);
}

/**
 * Supervision over a launcher (see `launch/launcher.ts`), written once for this machine, a remote
 * target and a test's in-memory launcher alike. Completion is the shell's exit plus a bounded
 * drain — not the pipes closing, which a background child (`sleep 300 &`) can hold open for ever.
 * What outlives the shell is listed by the launcher (`leftovers`) and ended or reported; a kill
 * ends the whole tree through the launcher; stdin is closed. No pid is needed: the launcher
 * numbers the tree as the target does. A launch that could not start ends with `launchError` (its
 * message is the model-facing sentence); a launch whose connection broke ends with `lost`.
 */
export function superviseLaunch(
  launcher: Launcher,
  plan: LaunchPlan,
  options: SuperviseOptions,
): SupervisedProcess {
  const launching = launcher.launch(plan, {
    kind: "pipes",
    stdin: "closed",
    onOutput: (stream, chunk) => (stream === "stderr" ? options.onStderr(chunk) : options.onStdout(chunk)),
  });
  // Observed here so an early failure is never an unhandled rejection; `finished` reports it.
  launching.catch(() => undefined);
  let launched: Launched | undefined;
  let termination: Promise<TerminationReport | undefined> | undefined;
  const terminate = (): Promise<TerminationReport | undefined> => {
    termination ??= launching.then(
      (running) => running.terminate(options.graceMs),
      () => undefined,
    );
    return termination;
  };

  async function watchToEnd(running: Launched): Promise<ProcessEnd> {
    let drainedAlready = false;
    void running.drained.then(() => {
      drainedAlready = true;
    });
    const exit = await running.exited;
    // Usually the streams have ended by the time the exit is seen: no drain timer is needed then.
    const drained = drainedAlready || (await within(running.drained, options.drainMs ?? DEFAULT_DRAIN_MS));
    let backgroundChildren: BackgroundChildren | undefined;
    if (!termination) {
      const left = await running.leftovers();
      if (left.length > 0) {
        if (options.killBackgroundChildren) await terminate();
        backgroundChildren = { pids: left, killed: options.killBackgroundChildren };
      }
    }
    const report = termination ? await termination : undefined;
    const leftRunning = backgroundChildren !== undefined && !backgroundChildren.killed;
    // Streams still open once everything found is gone: their holder escaped every search.
    const heldOpen =
      !drained &&
      !leftRunning &&
      !(await within(running.drained, Math.max(DEFAULT_DRAIN_MS, HELD_OPEN_WAIT_MS)));
    if (!drained) running.abandonOutput();
    running.release();
    return {
      exitCode: exit.code,
      signal: exit.signal,
      ...(exit.lost === undefined ? {} : { lost: exit.lost }),
      ...(backgroundChildren ? { backgroundChildren } : {}),
      ...(report ? { termination: report } : {}),
      ...(heldOpen && exit.lost === undefined ? { outputHeldOpen: true as const } : {}),
    };
  }

  const finished = (async (): Promise<ProcessEnd> => {
    try {
      launched = await launching;
    } catch (error) {
      const launchError = error instanceof LaunchError ? error : new LaunchError("EIO", String(error));
      return { exitCode: null, signal: null, launchError };
    }
    return watchToEnd(launched);
  })();

  return {
    get pid() {
      return launched?.pid;
    },
    started: launching.then(
      () => undefined,
      () => undefined,
    ),
    finished,
    terminate,
    get terminating() {
      return termination !== undefined;
    },
  };
}
