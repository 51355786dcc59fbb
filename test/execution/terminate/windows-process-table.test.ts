import { describe, expect, it } from "vitest";
import { treeMembers } from "../../../src/execution/terminate/process-table.js";
import {
  decodeToolOutput,
  parseWindowsProcessList,
} from "../../../src/execution/terminate/windows-process-table.js";

describe("Windows process lists", () => {
  it("parses our PowerShell pid,ppid lines", () => {
    expect(parseWindowsProcessList("4,0\r\n100,4\r\n200,100\r\n")).toEqual([
      { pid: 4, ppid: 0, pgid: -1, zombie: false },
      { pid: 100, ppid: 4, pgid: -1, zombie: false },
      { pid: 200, ppid: 100, pgid: -1, zombie: false },
    ]);
  });

  it("parses wmic CSV by its header", () => {
    const text = "\r\nNode,ParentProcessId,ProcessId\r\nHOST,0,4\r\nHOST,4,100\r\n";
    expect(parseWindowsProcessList(text).map((entry) => [entry.pid, entry.ppid])).toEqual([
      [4, 0],
      [100, 4],
    ]);
  });

  it("parses wmic's column form (Wine ignores /format:csv), UTF-16LE with a BOM", () => {
    const bytes = Buffer.from(
      "\uFEFFParentProcessIDProcessID\r\n0    32   \r\n40   56   \r\n56   70\r\n",
      "utf16le",
    );
    const entries = parseWindowsProcessList(decodeToolOutput(bytes));
    expect(entries.map((entry) => [entry.pid, entry.ppid])).toEqual([
      [32, 0],
      [56, 40],
      [70, 56],
    ]);
    // No process groups on Windows: the walk follows parent links only.
    expect(treeMembers(entries, 40, -1).map((entry) => entry.pid)).toEqual([56, 70]);
  });
});
