import type { Launcher, LaunchPlan } from "../launch/launcher.js";
import { createLocalLauncher } from "../launch/local-launcher.js";
import { superviseLaunch } from "./supervise-launch.js";
import type { SupervisedProcess, SuperviseOptions } from "./supervise-types.js";

export {
  DEFAULT_DRAIN_MS,
  HELD_OPEN_WAIT_MS,
  type ProcessEnd,
  type SupervisedProcess,
  type SuperviseOptions,
} from "./supervise-types.js";

/** This machine's launcher per platform whose rules apply (exit statuses, teardown). */
const localLaunchers = new Map<NodeJS.Platform, Launcher>();

function localLauncher(platform: NodeJS.Platform): Launcher {
  let launcher = localLaunchers.get(platform);
  if (!launcher) {
    launcher = createLocalLauncher({ platform });
    localLaunchers.set(platform, launcher);
  }
  return launcher;
}

/**
 * Starts a plan and watches it to the end, through the launcher the options name or this
 * machine's: every foreground run and background task goes through the one seam (see
 * `supervise-launch.ts` for the contract).
 */
export function superviseRun(plan: LaunchPlan, options: SuperviseOptions): SupervisedProcess {
  return superviseLaunch(
    options.launcher ?? localLauncher(options.platform ?? process.platform),
    plan,
    options,
  );
}
