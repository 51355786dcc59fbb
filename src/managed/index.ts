// The managed-process part of shellgate's public face: re-exports only.
export {
  type ListInput as ManagedListInput,
  listInputSchema as managedListInputSchema,
  managedActionSchemas,
  type ReadInput as ManagedReadInput,
  readInputSchema as managedReadInputSchema,
  type StartInput as ManagedStartInput,
  type StatusInput as ManagedStatusInput,
  startInputSchema as managedStartInputSchema,
  statusInputSchema as managedStatusInputSchema,
  type TerminateInput as ManagedTerminateInput,
  terminateInputSchema as managedTerminateInputSchema,
  type WaitInput as ManagedWaitInput,
  type WriteInput as ManagedWriteInput,
  waitInputSchema as managedWaitInputSchema,
  writeInputSchema as managedWriteInputSchema,
} from "./actions/action-schemas.js";

export { PROCESS_STATES, type ProcessState, type TerminationReason } from "./lifecycle/process-state.js";
export type { QuestionAdmission } from "./lifecycle/question-admission.js";
export { STDIN_REFUSED_REASON } from "./lifecycle/stdin-policy.js";
export { ManagedProcessError, type ManagedProcessErrorCode } from "./managed-process-error.js";
export type { Observer, ObserverEvent, ObserverPhase } from "./observer/observer-event.js";
export type { OutputChunk, OutputStreamName } from "./output/output-chunk.js";
export {
  createProcessManager,
  type ProcessList,
  type ProcessManager,
  type WriteReceipt,
} from "./process-manager.js";
export type {
  ManagedSettings,
  PlanSpawnFunction,
  ProcessManagerOptions,
  StartContext,
  TerminateTreeFunction,
} from "./process-manager-options.js";
export type { ProcessPage, ProcessStatus } from "./receipts/status-receipt.js";
