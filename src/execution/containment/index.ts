export {
  type ContainedStart,
  type Containment,
  containProcess,
  setJobApiForTesting,
  setLauncherForTesting,
  startContained,
} from "./contain-process.js";
export { type ContainmentDecision, planContainedStart, planContainment } from "./containment-plan.js";
export type { JobApi, Win32Handle } from "./kernel32-jobs.js";
export { type LauncherSpawn, type LaunchTarget, launchable, launcherSpawn } from "./launch-plan.js";
export { type JobTermination, ProcessJob } from "./process-job.js";
