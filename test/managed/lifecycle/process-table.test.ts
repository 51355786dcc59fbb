import { describe, expect, it } from "vitest";
import { guardBinary } from "../../../src/execution/io/binary-guard.js";
import { ProcessRecord } from "../../../src/managed/lifecycle/process-record.js";
import { ProcessTable } from "../../../src/managed/lifecycle/process-table.js";

function record(processId: string, final: boolean): ProcessRecord {
  const created = new ProcessRecord({
    processId,
    ownerId: "owner",
    pty: false,
    timeoutSeconds: 30,
    questionIds: [],
    stdinAllowed: false,
    maxOutputBytes: 4096,
    maxChunks: 1024,
    guard: guardBinary,
    mailbox: null,
    createdAt: new Date(0),
  });
  if (final) created.finish("completed", new Date(0));
  return created;
}

describe("ProcessTable", () => {
  it("evicts the oldest final record and remembers it", () => {
    const table = new ProcessTable(2);
    table.add(record("active", false));
    table.add(record("done-old", true));
    table.checkRoom();
    table.makeRoom();
    table.add(record("new", false));
    expect(table.values().map((entry) => entry.processId)).toEqual(["active", "new"]);
    expect(() => table.get("done-old")).toThrow(/was evicted/);
    expect(() => table.get("never")).toThrow(/Unknown process_id/);
  });

  it("refuses when every record is active, evicting nothing", () => {
    const table = new ProcessTable(1);
    table.add(record("active", false));
    expect(() => table.checkRoom()).toThrow(/record limit reached \(1 active processes\)/);
    expect(() => table.makeRoom()).toThrow(/terminate a process before starting another/);
    expect(table.get("active").processId).toBe("active");
  });
});
