import { describe, expect, it } from "vitest";
import { decideRoom, restartNotice } from "../../../src/execution/session/session-bounds.js";

describe("decideRoom", () => {
  it("has room below the limit", () => {
    expect(decideRoom([{ owner: "a", lastUsed: 1, busy: true }], 2)).toEqual({ kind: "room" });
  });

  it("evicts the least recently used idle session at the limit, never a busy one", () => {
    const slots = [
      { owner: "old-busy", lastUsed: 1, busy: true },
      { owner: "old-idle", lastUsed: 2, busy: false },
      { owner: "new-idle", lastUsed: 3, busy: false },
    ];
    expect(decideRoom(slots, 3)).toEqual({ kind: "evict", owner: "old-idle" });
  });

  it("is full when every session runs a command", () => {
    expect(decideRoom([{ owner: "a", lastUsed: 1, busy: true }], 1)).toEqual({ kind: "full" });
  });
});

describe("restartNotice", () => {
  it("names why the previous shell ended and where the new one starts", () => {
    expect(restartNotice({ kind: "idle", idleMs: 1_800_000 }, "/work")).toBe(
      "the previous shell of this session ended (it was idle for 30 min (session_idle_ms)); this command ran in a new shell, started in /work with no earlier cd, variables or functions",
    );
    expect(restartNotice({ kind: "evicted", maxSessions: 16 }, "/w")).toContain("16 sessions (max_sessions)");
  });
});
