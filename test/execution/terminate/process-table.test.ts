import { describe, expect, it } from "vitest";
import { parseProcessTable, treeMembers } from "../../../src/execution/terminate/process-table.js";
import { parseProcStat } from "../../../src/execution/terminate/read-process-table.js";

const table = parseProcessTable(
  [
    "    1     0     1 Ss",
    "  100     1   100 Ss",
    "  101   100   100 S",
    "  102   101   102 Ss", // left the group with setsid; parent still alive
    "  103   102   102 S",
    "  104     1   100 S", // re-parented background child, still in the group
    "  105   100   100 Z", // zombie
    "  200     1   200 S", // unrelated
    "garbage line",
  ].join("\n"),
);

describe("process table", () => {
  it("parses ps columns and flags zombies", () => {
    expect(table).toHaveLength(8);
    expect(table.find((entry) => entry.pid === 105)?.zombie).toBe(true);
  });

  it("walks parent links and group membership, leaving out zombies and strangers", () => {
    const members = treeMembers(table, 100).map((entry) => entry.pid);
    expect(members.sort()).toEqual([101, 102, 103, 104]);
  });

  it("parses /proc stat lines whose command holds spaces and parentheses", () => {
    expect(parseProcStat("4321 (my (odd) name) S 12 4321 4321 0 -1")).toEqual({
      pid: 4321,
      ppid: 12,
      pgid: 4321,
      zombie: false,
    });
    expect(parseProcStat("7 (x) Z 1 7 7")?.zombie).toBe(true);
    expect(parseProcStat("nonsense")).toBeNull();
  });
});
