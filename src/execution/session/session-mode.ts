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

/** Where an instance in `session: persistent` would run its commands (what decides if it can). */
export interface SessionPlace {
  readonly resolution: Pick<ShellResolution, "kind">;
  /** The config's executor kind, or "host" for an executor the host passed in. */
  readonly executor: string;
}

/**
 * The one sentence an instance asked for `session: persistent` refuses with when it cannot keep a
 * resident shell there, or null when it can. Refused, never run fresh instead: a model told that
 * `cd` persists would act on a directory it is not in. A remote target (docker, ssh, kubernetes)
 * keeps its sessions in the target's own bash; a host's own executor keeps none unless it says so
 * (`Executor.sessions`). The OS sandbox is no reason: the resident bash starts inside it. Pure.
 */
export function persistentSessionRefusal(place: SessionPlace): string | null {
  const fix = 'set session: "fresh"';
  if (place.executor === "host") {
    return `config key 'session': "persistent" needs an executor that keeps sessions, and the host's executor starts a fresh shell for every call; ${fix}.`;
  }
  const local = place.executor === "local";
  const shell = local
    ? sessionUnsupported(place.resolution)
    : place.resolution.kind === "bash"
      ? null
      : `the target of executor "${place.executor}" has only a POSIX sh (no bash), and a persistent session needs bash there`;
  if (shell !== null) return `config key 'session': "persistent" cannot start here: ${shell}; ${fix}.`;
  return null;
}

/** Thrown by an executor asked for `session: persistent` where it cannot keep a resident shell. */
export class SessionUnavailableError extends Error {
  override readonly name = "SessionUnavailableError";
}
