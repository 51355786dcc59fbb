// The public face of shellgate: re-exports only.
export type { ResolutionCandidate, ShellKind, ShellResolution } from "../platforms/resolve/resolution.js";
export type { ShellgateConfig, ShellgateConfigInput } from "./config/schema.js";
export { configSchema } from "./config/schema.js";
export type { SafetyProfile, Verdict } from "./safety/verdict.js";
export { SAFETY_PROFILES } from "./safety/verdict.js";
