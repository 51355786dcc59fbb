import type { ShellResolution } from "../../../platforms/index.js";

/** `session` config values: a fresh shell per call (the reference contract), or one resident shell per owner. */
export const SESSION_MODES = ["fresh", "persistent"] as const;
export type SessionMode = (typeof SESSION_MODES)[number];

/** The session settings an executor takes (the config's `session`, `max_sessions`, `session_idle_ms`). */
export interface SessionSettings {
  readonly mode: SessionMode;
  readonly maxSessions: number;
  readonly idleMs: number;
}

/**
 * Why a resolved shell cannot hold a session, or null when it can. A resident shell is bash (its
 * interactive mode, job control and `export -p` are what the frame is built on); a POSIX sh or no
 * shell at all runs every call fresh instead. Pure.
 */
export function sessionUnsupported(resolution: Pick<ShellResolution, "kind">): string | null {
  if (resolution.kind === "sh")
    return "the resolved shell is a POSIX sh, and a persistent session needs bash";
  if (resolution.kind === "none") return "no bash was found, and a persistent session needs bash";
  return null;
}
