// The public face of shellgate: re-exports only.

export type { ResolutionCandidate, ShellKind, ShellResolution } from "../platforms/index.js";
export {
  createRealHost,
  createSnapshotHost,
  describeShell,
  type HostFacts,
  type ResolveShellOptions,
  resolveShell,
} from "../platforms/index.js";
export {
  type Admission,
  type AdmissionPolicy,
  blockedText,
} from "./api/admission/admit-command.js";
export {
  createLocalExecutorFromConfig,
  type ExecutorFromConfigInput,
  managedSettingsFromConfig,
  runOptionsFromConfig,
  safetyGateOptionsFromConfig,
} from "./api/config-options.js";
export { createShellgate } from "./api/create-shellgate.js";
export type { ApprovalAnswer, ApprovalRequest, ShellgateHost } from "./api/host.js";
export { checkCommand, createSafetyGate } from "./api/lazy-gate.js";
export type { Shellgate, ToolShape, ToolsOptions } from "./api/shellgate.js";
export { ConfigError } from "./config/config-error.js";
export { loadConfig } from "./config/load-config.js";
export { parseConfig } from "./config/parse-config.js";
export type { ShellgateConfig, ShellgateConfigInput } from "./config/schema.js";
export { configSchema } from "./config/schema.js";
export {
  type ConcurrencyCounter,
  createConcurrencyCounter,
} from "./execution/concurrency/concurrency-counter.js";
export type { BuildEnvironmentOptions } from "./execution/environment/build-environment.js";
export type { ExecRequest, ExecSpec, Executor } from "./execution/executor/executor.js";
export type { ExecutorDescription, ExecutorLocation } from "./execution/executor/executor-description.js";
export { createLocalExecutor, type LocalExecutorOptions } from "./execution/executor/local-executor.js";
export type { SimpleCommandSplit } from "./execution/fallback/split-simple-command.js";
export type { GuardedOutput } from "./execution/io/binary-guard.js";
export type {
  LaunchExit,
  Launched,
  Launcher,
  LaunchOutput,
  LaunchPlan,
  LaunchStdio,
  LaunchStream,
  PtyCapability,
  StdinCapability,
} from "./execution/launch/launcher.js";
export { ExecutionError, type ExecutionErrorCode } from "./execution/run/execution-error.js";
export { runCommand } from "./execution/run/run-command.js";
export type { RunOptions } from "./execution/run/run-options.js";
export {
  type BackgroundChildren,
  type RunResult,
  type SpecResult,
  toSpecResult,
} from "./execution/run/run-result.js";
export { planSpawn } from "./execution/spawn/plan-spawn.js";
export { type SpawnPlan, SpawnPlanError } from "./execution/spawn/spawn-plan.js";
export { TaskAccessError } from "./execution/tasks/task-access.js";
export type {
  TerminationPlan,
  TerminationStep,
} from "./execution/terminate/plan-termination.js";
export { type TerminationReport, terminateTree } from "./execution/terminate/terminate-tree.js";
export {
  createProcessManager,
  ManagedProcessError,
  type ManagedProcessErrorCode,
  type ManagedSettings,
  managedActionSchemas,
  type Observer,
  type ObserverEvent,
  type ObserverPhase,
  type OutputChunk,
  type OutputStreamName,
  type PlanSpawnFunction,
  type ProcessManagerOptions,
  type ProcessPage,
  type ProcessState,
  type ProcessStatus,
  type QuestionAdmission,
  type StartContext,
  type TerminateTreeFunction,
  type TerminationReason,
} from "./managed/index.js";
export type {
  KillOutcome,
  TaskDoneListener,
  TaskRead,
  TaskSnapshot,
  TaskStatus,
} from "./reports/task-types.js";
export type { SafetyGate } from "./safety/gate.js";
export { SafetyConfigError, type SafetyGateOptions } from "./safety/options.js";
export type { SafetyProfile, Verdict } from "./safety/verdict.js";
export { SAFETY_PROFILES } from "./safety/verdict.js";

export type { DescriptionContext } from "./text/descriptions/description-context.js";
export type { ExitStatus } from "./text/presentation/parse-exit-status.js";
export { presentCall } from "./text/presentation/present-call.js";
export { presentResult } from "./text/presentation/present-result.js";
export type {
  PresentableResult,
  TextBlock,
  ToolCallPresentation,
  ToolResultPresentation,
} from "./text/presentation/presentation.js";
export { renderRunText } from "./text/results/render-result.js";
export { renderTaskDoneNotice } from "./text/results/render-task.js";
export { type JsonSchema, toolJsonSchema } from "./tools/json-schema.js";
export type {
  AmplifierBashInput,
  AmplifierManagedBashInput,
  ManagedAction,
} from "./tools/schemas/amplifier-bash.js";
export type { BashKillInput } from "./tools/schemas/bash-kill.js";
export type { BashOutputInput } from "./tools/schemas/bash-output.js";
export { type BashInput, bashInputSchema } from "./tools/schemas/dsh-bash.js";
export type {
  ToolAnnotations,
  ToolCallContext,
  ToolDefinition,
  ToolResult,
} from "./tools/tool-definition.js";
export { type ValidatedInput, validateToolInput } from "./tools/validate-input.js";
