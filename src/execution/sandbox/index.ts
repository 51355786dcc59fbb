// The sandbox's one face: the rest of shellgate imports only from here. The library behind it
// (`@anthropic-ai/sandbox-runtime`) is loaded by sandbox-library.ts on first use, never from here.
export type { SandboxDenial } from "./detect-denials.js";
export { createSandbox, type EnclosedStart, type Sandbox, type SandboxOptions } from "./sandbox.js";
export type { SandboxAvailability, SandboxMechanism } from "./sandbox-availability.js";
export { decideSandboxAvailability } from "./sandbox-availability.js";
export {
  chooseSandboxMode,
  SANDBOX_ENVIRONMENT_VARIABLE,
  SANDBOX_MODES,
  type SandboxMode,
  SandboxModeError,
} from "./sandbox-mode.js";
export {
  resolveSandboxPolicy,
  type SandboxPolicy,
  type SandboxPolicyContext,
  type SandboxSettings,
} from "./sandbox-policy.js";
export { shellCandidateCheck } from "./shell-trust.js";
