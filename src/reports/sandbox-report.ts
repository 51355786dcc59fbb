// What the OS sandbox reports, as plain data: the engine (src/execution/sandbox) fills these in and
// src/text words them; neither side's code is needed to read them.

/**
 * - `off`: commands run as before, with no OS sandbox (the reference module's behaviour).
 * - `auto`: sandboxed where this platform can; otherwise unsandboxed, and every result says so.
 * - `required`: sandboxed or not run at all (fail closed).
 */
export const SANDBOX_MODES = ["off", "auto", "required"] as const;
export type SandboxMode = (typeof SANDBOX_MODES)[number];

/** One thing the sandbox refused a command. */
export type SandboxDenial =
  | { readonly kind: "write"; readonly path: string }
  | { readonly kind: "read"; readonly path: string }
  | { readonly kind: "network"; readonly host: string };

/** The OS mechanism that encloses a command. */
export type SandboxMechanism =
  /** Linux: bubblewrap namespaces, network through the library's filtering proxy (via socat). */
  | "bubblewrap"
  /** macOS: a Seatbelt profile through `sandbox-exec`. */
  | "seatbelt"
  /** Windows: the library's `srt-sandbox` account, write-restricted token and WFP egress fence. */
  | "windows-sandbox-account"
  /** WSL: bubblewrap inside the distribution (filesystem only; no network). */
  | "bubblewrap-in-wsl"
  | "none";

/** What `doctor` reports as `sandbox`. */
export interface SandboxAvailability {
  readonly available: boolean;
  readonly mechanism: SandboxMechanism;
  /** Why it is or is not available, in one sentence; when not, it says what to do. */
  readonly reason: string;
}

/** The active policy: every path absolute, every list final. What `describe --json` prints. */
export interface SandboxPolicy {
  readonly mode: SandboxMode;
  readonly allowWrite: readonly string[];
  readonly denyRead: readonly string[];
  readonly allowedDomains: readonly string[];
  /** The instance's private temp directory (the sandbox's TMPDIR), when it has one. */
  readonly tempDirectory?: string | undefined;
}
