export { type Containment, containProcess, setJobApiForTesting } from "./contain-process.js";
export { type ContainmentDecision, planContainment } from "./containment-plan.js";
export type { JobApi, Win32Handle } from "./kernel32-jobs.js";
export { type JobTermination, ProcessJob } from "./process-job.js";
