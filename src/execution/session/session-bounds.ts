/** A live session as the bounds see it. */
export interface SessionSlot {
  readonly owner: string;
  readonly lastUsed: number;
  readonly busy: boolean;
}

/** What to do when an owner without a session asks for one. */
export type RoomDecision =
  | { readonly kind: "room" }
  /** End this owner's session first (the least recently used idle one). */
  | { readonly kind: "evict"; readonly owner: string }
  /** Every session is running a command: none can be ended to make room. */
  | { readonly kind: "full" };

/** Room for one more session under `maxSessions`. Pure. */
export function decideRoom(slots: readonly SessionSlot[], maxSessions: number): RoomDecision {
  if (slots.length < maxSessions) return { kind: "room" };
  let oldest: SessionSlot | undefined;
  for (const slot of slots) {
    if (slot.busy) continue;
    if (oldest === undefined || slot.lastUsed < oldest.lastUsed) oldest = slot;
  }
  return oldest ? { kind: "evict", owner: oldest.owner } : { kind: "full" };
}

/** Why an owner's previous shell is gone, as the next call's notice says it. */
export type SessionEnd =
  | { readonly kind: "idle"; readonly idleMs: number }
  | { readonly kind: "evicted"; readonly maxSessions: number }
  | { readonly kind: "shell-ended"; readonly detail: string };

/** The notice the first call in a new shell carries when an earlier shell of the owner ended. Pure. */
export function restartNotice(end: SessionEnd, cwd: string): string {
  const why =
    end.kind === "idle"
      ? `it was idle for ${formatDuration(end.idleMs)} (session_idle_ms)`
      : end.kind === "evicted"
        ? `it was the least recently used of ${end.maxSessions} sessions (max_sessions) when another was needed`
        : end.detail;
  return `the previous shell of this session ended (${why}); this command ran in a new shell, started in ${cwd} with no earlier cd, variables or functions`;
}

function formatDuration(milliseconds: number): string {
  if (milliseconds % 60_000 === 0) return `${milliseconds / 60_000} min`;
  if (milliseconds % 1000 === 0) return `${milliseconds / 1000} s`;
  return `${milliseconds} ms`;
}
