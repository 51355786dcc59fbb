// The public face of shellgate: re-exports only.

export {
  createRealHost,
  createSnapshotHost,
  describeShell,
  type HostFacts,
  type ResolveShellOptions,
  resolveShell,
} from "../platforms/index.js";
export type { ResolutionCandidate, ShellKind, ShellResolution } from "../platforms/resolve/resolution.js";
export { type Admission, type AdmissionPolicy, admitCommand, blockedText } from "./api/approval.js";
export { createShellgate } from "./api/create-shellgate.js";
export type { ApprovalAnswer, ApprovalRequest, ShellgateHost } from "./api/host.js";
export type { Shellgate, ToolShape, ToolsOptions } from "./api/shellgate.js";
export { type ConcurrencyCounter, createConcurrencyCounter } from "./concurrency/concurrency-counter.js";
export { ConfigError } from "./config/config-error.js";
export { DEFAULT_CONFIG_FILE, loadConfig } from "./config/load-config.js";
export { parseConfig } from "./config/parse-config.js";
export type { ShellgateConfig, ShellgateConfigInput } from "./config/schema.js";
export { configSchema } from "./config/schema.js";
export { type BuildEnvironmentOptions, buildEnvironment } from "./environment/build-environment.js";
export type { ExecRequest, ExecSpec, Executor } from "./executor/executor.js";
export {
  createLocalExecutor,
  createLocalExecutorFromConfig,
  type ExecutorFromConfigInput,
  type LocalExecutorOptions,
} from "./executor/local-executor.js";
export { type SimpleCommandSplit, splitSimpleCommand } from "./fallback/split-simple-command.js";
export { type GuardedOutput, guardBinary } from "./io/binary-guard.js";
export * from "./managed/index.js";
export { ExecutionError, type ExecutionErrorCode } from "./run/execution-error.js";
export { renderRunText, truncationNotice } from "./run/render-result.js";
export { runCommand, spillDirectoryOf } from "./run/run-command.js";
export { type RunOptions, runOptionsFromConfig } from "./run/run-options.js";
export {
  type BackgroundChildren,
  cliExitCode,
  type RunResult,
  type SpecResult,
  toSpecResult,
} from "./run/run-result.js";
export { millisecondsHint, resolveTimeoutMs } from "./run/timeout.js";
export {
  checkCommand,
  createSafetyGate,
  SafetyConfigError,
  type SafetyGate,
  type SafetyGateOptions,
  safetyGateOptionsFromConfig,
} from "./safety/index.js";
export type { SafetyProfile, Verdict } from "./safety/verdict.js";
export { SAFETY_PROFILES } from "./safety/verdict.js";
export { planSpawn } from "./spawn/plan-spawn.js";
export { type SpawnPlan, SpawnPlanError } from "./spawn/spawn-plan.js";
export {
  renderKill,
  renderTaskDoneNotice,
  renderTaskRead,
  renderTaskStarted,
  renderTaskStatus,
} from "./tasks/render-task.js";
export { TaskAccessError } from "./tasks/task-access.js";
export type {
  KillOutcome,
  TaskDoneListener,
  TaskRead,
  TaskSnapshot,
  TaskStatus,
} from "./tasks/task-types.js";
export { listDescendants } from "./terminate/list-descendants.js";
export { planTermination, type TerminationPlan, type TerminationStep } from "./terminate/plan-termination.js";
export { type TerminationReport, terminateTree } from "./terminate/terminate-tree.js";
export { amplifierBashDescription, dshBashDescription } from "./tools/descriptions/bash-description.js";
export type { DescriptionContext } from "./tools/descriptions/description-context.js";
export { type JsonSchema, toolJsonSchema } from "./tools/json-schema.js";
export { type ExitStatus, parseExitStatus } from "./tools/presentation/parse-exit-status.js";
export { presentCall } from "./tools/presentation/present-call.js";
export { presentResult } from "./tools/presentation/present-result.js";
export type {
  PresentableResult,
  TextBlock,
  ToolCallPresentation,
  ToolResultPresentation,
} from "./tools/presentation/presentation.js";
export {
  type AmplifierBashInput,
  type AmplifierManagedBashInput,
  amplifierBashInputSchema,
  amplifierManagedBashInputSchema,
  MANAGED_ACTIONS,
  type ManagedAction,
} from "./tools/schemas/amplifier-bash.js";
export { type BashKillInput, bashKillInputSchema } from "./tools/schemas/bash-kill.js";
export { type BashOutputInput, bashOutputInputSchema } from "./tools/schemas/bash-output.js";
export { type BashInput, bashInputSchema } from "./tools/schemas/dsh-bash.js";
export * from "./tools/schemas/process-tools.js";
export type {
  ToolAnnotations,
  ToolCallContext,
  ToolDefinition,
  ToolResult,
} from "./tools/tool-definition.js";
export { type ValidatedInput, validateToolInput } from "./tools/validate-input.js";
