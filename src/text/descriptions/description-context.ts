import type { SafetyProfile } from "../../safety/verdict.js";

/** Everything a tool description states about this instance; plain data, so descriptions stay pure. */
export interface DescriptionContext {
  /** The platform layer's paragraph about the resolved shell (`describeShell`). */
  readonly shellParagraph: string;
  readonly platform: NodeJS.Platform;
  readonly profile: SafetyProfile;
  readonly requireApproval: boolean;
  /** Default foreground timeout in seconds. */
  readonly timeoutSeconds: number;
  /** Bytes kept per output stream of a foreground run. */
  readonly maxOutputBytes: number;
  readonly managedProcesses: boolean;
  readonly managedPty: boolean;
  /**
   * `session: persistent`: foreground calls share one resident shell per session, which starts in
   * `directory`. Absent: every call starts a fresh shell.
   */
  readonly session?: { readonly directory: string };
  /** What the OS sandbox allows (`sandboxParagraph`); empty or absent when the sandbox is off. */
  readonly sandboxParagraph?: string;
  /** Where a remote executor runs commands (its `isolation` sentence); absent for local. */
  readonly targetParagraph?: string;
  /** Spill files stay on the machine shellgate runs on, where the tools cannot open them. */
  readonly spillOnHost?: boolean;
}

/** The longest description a host is given; tool lists are re-sent with every model request. */
export const DESCRIPTION_LIMIT = 2000;

/** With the OS sandbox on, its paragraph (at most 700 characters) comes on top. */
export const DESCRIPTION_LIMIT_WITH_SANDBOX = DESCRIPTION_LIMIT + 700;

// The platform paragraph is promised at ≤600 characters; clipping here keeps the limit above true
// even if it grows.
const SHELL_PARAGRAPH_LIMIT = 600;

export function shellParagraph(context: DescriptionContext): string {
  const paragraph = context.shellParagraph.trim();
  const clipped =
    paragraph.length > SHELL_PARAGRAPH_LIMIT
      ? `${paragraph.slice(0, SHELL_PARAGRAPH_LIMIT - 1)}…`
      : paragraph;
  if (context.platform !== "win32" || clipped.includes("windows_shell")) return clipped;
  return `${clipped}\n(Override: set the windows_shell config key to 'wsl' or 'gitbash'.)`;
}
