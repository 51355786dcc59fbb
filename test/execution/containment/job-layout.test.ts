import { describe, expect, it } from "vitest";
import {
  CONTAINMENT_LIMIT_FLAGS,
  decodeActiveProcesses,
  decodeLimitFlags,
  decodeProcessIdList,
  encodeExtendedLimit,
  extendedLimitSize,
  JOB_OBJECT_LIMIT_BREAKAWAY_OK,
  JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE,
  JOB_OBJECT_LIMIT_SILENT_BREAKAWAY_OK,
  processIdListSize,
} from "../../../src/execution/containment/job-layout.js";

describe("job-object structure layouts (winnt.h)", () => {
  it("sizes JOBOBJECT_EXTENDED_LIMIT_INFORMATION as the SDK does", () => {
    expect(extendedLimitSize(8)).toBe(144);
    expect(extendedLimitSize(4)).toBe(112);
  });

  it("sets kill-on-close and never a breakaway flag, at LimitFlags' offset", () => {
    for (const pointerSize of [4, 8] as const) {
      const record = encodeExtendedLimit(CONTAINMENT_LIMIT_FLAGS, pointerSize);
      expect(record.readUInt32LE(16)).toBe(CONTAINMENT_LIMIT_FLAGS);
      const flags = decodeLimitFlags(record, pointerSize);
      expect(flags & JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE).not.toBe(0);
      expect(flags & (JOB_OBJECT_LIMIT_BREAKAWAY_OK | JOB_OBJECT_LIMIT_SILENT_BREAKAWAY_OK)).toBe(0);
      expect([...record].filter((byte) => byte !== 0).length).toBeLessThanOrEqual(4);
    }
  });

  it("reads ActiveProcesses from the accounting record", () => {
    const record = Buffer.alloc(48);
    record.writeUInt32LE(3, 40);
    expect(decodeActiveProcesses(record)).toBe(3);
  });

  it("reads the process-id list with 8- and 4-byte ids", () => {
    const wide = Buffer.alloc(processIdListSize(4, 8));
    wide.writeUInt32LE(2, 0);
    wide.writeUInt32LE(2, 4);
    wide.writeBigUInt64LE(1234n, 8);
    wide.writeBigUInt64LE(5678n, 16);
    expect(decodeProcessIdList(wide, 8)).toEqual({ assigned: 2, pids: [1234, 5678] });

    const narrow = Buffer.alloc(processIdListSize(1, 4));
    narrow.writeUInt32LE(3, 0); // three members, room for one: the caller asks again
    narrow.writeUInt32LE(1, 4);
    narrow.writeUInt32LE(42, 8);
    expect(decodeProcessIdList(narrow, 4)).toEqual({ assigned: 3, pids: [42] });
  });
});
