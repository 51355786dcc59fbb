/** Every state a managed process can be in, as `process_*` results name them. */
export const PROCESS_STATES = [
  "running",
  "cancel_requested",
  "completed",
  "failed",
  "cancelled",
  "outcome_unknown",
] as const;
export type ProcessState = (typeof PROCESS_STATES)[number];
