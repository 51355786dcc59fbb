// The public face of shellgate: re-exports only.
export type { ResolutionCandidate, ShellKind, ShellResolution } from "../platforms/resolve/resolution.js";
export { type Admission, type AdmissionPolicy, admitCommand, blockedText } from "./api/approval.js";
export { createShellgate } from "./api/create-shellgate.js";
export type { ApprovalAnswer, ApprovalRequest, ShellgateHost } from "./api/host.js";
export type { Shellgate, ToolShape, ToolsOptions } from "./api/shellgate.js";
export { ConfigError } from "./config/config-error.js";
export { DEFAULT_CONFIG_FILE, loadConfig } from "./config/load-config.js";
export { parseConfig } from "./config/parse-config.js";
export type { ShellgateConfig, ShellgateConfigInput } from "./config/schema.js";
export { configSchema } from "./config/schema.js";
export { createMcpServer, type McpServerOptions } from "./mcp/create-mcp-server.js";
export { type ServeStdioOptions, serveStdio } from "./mcp/serve-stdio.js";
export type { SafetyProfile, Verdict } from "./safety/verdict.js";
export { SAFETY_PROFILES } from "./safety/verdict.js";
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
