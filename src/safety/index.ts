// The safety gate's public face: re-exports only.
export type { SafetyContext, SafetyShell } from "./context.js";
export { checkCommand, createSafetyGate, type SafetyGate } from "./gate.js";
export { SafetyConfigError, type SafetyGateOptions } from "./options.js";
export { SAFETY_PROFILES, type SafetyProfile, type Verdict } from "./verdict.js";
