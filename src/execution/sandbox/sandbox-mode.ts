// The modes live with the other reports (src/reports), where src/text's policy sentences read them.
export { SANDBOX_MODES, type SandboxMode } from "../../reports/sandbox-report.js";

import { SANDBOX_MODES, type SandboxMode } from "../../reports/sandbox-report.js";

/** The environment variable that overrides the config's `sandbox.mode`. */
export const SANDBOX_ENVIRONMENT_VARIABLE = "SHELLGATE_SANDBOX";

/** `--sandbox` or `SHELLGATE_SANDBOX` held something that is not a mode. */
export class SandboxModeError extends Error {
  override readonly name = "SandboxModeError";
}

export function isSandboxMode(text: string): text is SandboxMode {
  return (SANDBOX_MODES as readonly string[]).includes(text);
}

export interface SandboxModeSources {
  /** `--sandbox` on the command line: the most specific. */
  readonly flag?: string | undefined;
  /** `SHELLGATE_SANDBOX` from the environment. */
  readonly environment?: string | undefined;
  /** `sandbox.mode` from the config. */
  readonly config: SandboxMode;
}

export type SandboxModeChoice =
  | { readonly ok: true; readonly mode: SandboxMode; readonly source: "flag" | "environment" | "config" }
  | { readonly ok: false; readonly message: string };

/**
 * Flag over environment over config. A value that is not a mode is an error, never a silent
 * fallback: someone who wrote `SHELLGATE_SANDBOX=requierd` meant to be protected. A config's
 * `required` is a floor: an inherited `SHELLGATE_SANDBOX=off` or a flag may not lower it, and an
 * attempt to is an error too, rather than a config that silently stops holding.
 */
export function chooseSandboxMode(sources: SandboxModeSources): SandboxModeChoice {
  const candidates = [
    ["flag", "--sandbox", sources.flag],
    ["environment", SANDBOX_ENVIRONMENT_VARIABLE, sources.environment],
  ] as const;
  for (const [source, name, value] of candidates) {
    if (value === undefined || value.trim() === "") continue;
    const normalized = value.trim().toLowerCase();
    if (!isSandboxMode(normalized)) {
      return { ok: false, message: `${name} must be one of ${SANDBOX_MODES.join(", ")}, got '${value}'` };
    }
    if (sources.config === "required" && normalized !== "required") {
      return {
        ok: false,
        message: `${name} ${normalized} cannot lower sandbox.mode "required" from the config, which only a change to the config can do`,
      };
    }
    return { ok: true, mode: normalized, source };
  }
  return { ok: true, mode: sources.config, source: "config" };
}
