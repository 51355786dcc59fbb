// The platform layer's public face: re-exports only.
export type { ResolutionCandidate, ShellKind, ShellResolution } from "./resolve/resolution.js";
