import { decodeExitStatus } from "../exit-status.js";
import type { LaunchPlan } from "../launch/launcher.js";
import { removeScriptFile } from "../spawn/script-file.js";
import { jobOf, startProcess } from "../spawn/start-process.js";
import { listDescendants } from "../terminate/list-descendants.js";
import { isGroupAlive } from "../terminate/process-alive.js";
import { type TerminationReport, terminateTree } from "../terminate/terminate-tree.js";
import { wslTargetOf } from "../terminate/wsl-tree-kill.js";
import type { BackgroundChildren } from "./run-result.js";
import { superviseLaunch } from "./supervise-launch.js";
import {
  DEFAULT_DRAIN_MS,
  HELD_OPEN_WAIT_MS,
  type ProcessEnd,
  type SupervisedProcess,
  type SuperviseOptions,
} from "./supervise-types.js";

export {
  DEFAULT_DRAIN_MS,
  HELD_OPEN_WAIT_MS,
  type ProcessEnd,
  type SupervisedProcess,
  type SuperviseOptions,
} from "./supervise-types.js";

function delay(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds).unref());
}

function notStarted(spawnError: NodeJS.ErrnoException): SupervisedProcess {
  return {
    pid: undefined,
    finished: Promise.resolve({ exitCode: null, signal: null, spawnError }),
    terminate: () => Promise.resolve(undefined),
    terminating: false,
  };
}

/**
 * Starts a plan and watches it to the end. Completion is the shell's exit plus a short bounded
 * drain — not the pipes closing, which a background child (`sleep 300 &`) can hold open for ever.
 * What outlives the shell is found (group, parent links, the run marker) and killed or reported.
 */
export function superviseRun(plan: LaunchPlan, options: SuperviseOptions): SupervisedProcess {
  if (options.launcher) return superviseLaunch(options.launcher, plan, options);
  const platform = options.platform ?? process.platform;
  const { marker } = plan;
  let child: ReturnType<typeof startProcess>;
  try {
    // The plan's environment is complete (the marker in it): nothing is merged on the way.
    const { env, ...withoutEnvironment } = plan;
    child = startProcess(withoutEnvironment, { env });
  } catch (error) {
    // Node refuses some inputs synchronously (ERR_INVALID_ARG_VALUE); that is a spawn failure too.
    if (plan.scriptFile !== undefined) removeScriptFile(plan.scriptFile);
    return notStarted(error as NodeJS.ErrnoException);
  }
  // Windows: the Job Object startProcess put the tree in.
  const job = jobOf(child);
  const wsl = wslTargetOf(plan);
  const drainMs = options.drainMs ?? DEFAULT_DRAIN_MS;
  child.stdout?.on("data", options.onStdout);
  child.stderr?.on("data", options.onStderr);
  let isClosed = false;
  const closed = new Promise<boolean>((resolve) =>
    child.once("close", () => {
      isClosed = true;
      resolve(true);
    }),
  );
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once("exit", (code, signal) => resolve({ code, signal }));
  });
  const started = new Promise<NodeJS.ErrnoException | null>((resolve) => {
    child.once("spawn", () => resolve(null));
    // Only the first error can be a spawn failure; later ones (a failed kill) must not go unhandled.
    child.on("error", (error: NodeJS.ErrnoException) => resolve(error));
  });
  let termination: Promise<TerminationReport> | undefined;

  const terminate = (): Promise<TerminationReport | undefined> => {
    if (child.pid === undefined) return Promise.resolve(undefined);
    termination ??= terminateTree(child.pid, {
      graceMs: options.graceMs,
      platform,
      marker,
      ...(job ? { job } : {}),
      ...(wsl ? { wsl } : {}),
    });
    return termination;
  };

  const finished = (async (): Promise<ProcessEnd> => {
    try {
      return await watchToEnd();
    } finally {
      if (plan.scriptFile !== undefined) removeScriptFile(plan.scriptFile);
    }
  })();

  async function watchToEnd(): Promise<ProcessEnd> {
    const spawnError = await started;
    if (spawnError) return { exitCode: null, signal: null, spawnError };
    const raw = await exited;
    const { exitCode: code, signal } = decodeExitStatus(plan.shell, platform, {
      exitCode: raw.code,
      signal: raw.signal,
    });
    // Usually the pipes have closed by the time the exit is seen: no drain timer is needed then.
    const drained = isClosed || (await Promise.race([closed, delay(drainMs).then(() => false)]));
    const pid = child.pid as number;
    let backgroundChildren: BackgroundChildren | undefined;
    if (platform !== "win32") {
      if (!drained || isGroupAlive(pid) || termination) {
        const pids = await listDescendants(pid, { marker, platform }).catch(() => [] as number[]);
        if (pids.length > 0) {
          const kill = options.killBackgroundChildren || termination !== undefined;
          if (kill) await terminate();
          backgroundChildren = { pids, killed: kill };
        }
      }
    } else if (job) {
      // The job holds whatever the shell left behind, however its parent links broke.
      const left = job.commandMembers().filter((member) => member !== pid);
      if (left.length > 0 || termination) {
        const kill = options.killBackgroundChildren || termination !== undefined;
        if (kill) await terminate();
        if (left.length > 0) backgroundChildren = { pids: left, killed: kill };
      }
      // Kill-on-close: closing would end children the caller chose to leave running.
      if (job.commandMembers().length === 0) job.close();
    } else if (!drained && options.killBackgroundChildren) {
      await terminate();
    }
    const report = termination ? await termination : undefined;
    // Pipes still open with nothing found left alive on purpose: their holder escaped every search.
    const leftRunning = backgroundChildren !== undefined && !backgroundChildren.killed;
    const searched = platform !== "win32" || job !== undefined || termination !== undefined;
    const heldOpen =
      !drained &&
      !leftRunning &&
      searched &&
      !(
        isClosed ||
        (await Promise.race([closed, delay(Math.max(drainMs, HELD_OPEN_WAIT_MS)).then(() => false)]))
      );
    child.stdout?.destroy();
    child.stderr?.destroy();
    return {
      exitCode: code,
      signal,
      ...(backgroundChildren ? { backgroundChildren } : {}),
      ...(report ? { termination: report } : {}),
      ...(heldOpen ? { outputHeldOpen: true as const } : {}),
    };
  }

  return {
    get pid() {
      return child.pid;
    },
    finished,
    terminate,
    get terminating() {
      return termination !== undefined;
    },
  };
}
