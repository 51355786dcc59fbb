/**
 * The byte layout of the few Win32 job-object structures shellgate reads and writes, kept apart
 * from the FFI so it is checked on every platform. Layouts follow winnt.h; `pointerSize` is 8 on
 * x64 and arm64, 4 on ia32 (SIZE_T and ULONG_PTR shrink, LARGE_INTEGER stays 8-byte aligned).
 */

/** SetInformationJobObject / QueryInformationJobObject classes (JOBOBJECTINFOCLASS). */
export const JOB_INFORMATION_CLASS = {
  basicAccounting: 1,
  basicProcessIdList: 3,
  extendedLimit: 9,
} as const;

/** Kill every member when the last handle to the job closes (the host exits, or shellgate closes it). */
export const JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE = 0x2000;
/** A crashing member ends instead of waiting on a debugger dialog nobody will answer. */
export const JOB_OBJECT_LIMIT_DIE_ON_UNHANDLED_EXCEPTION = 0x400;
/** Limits shellgate must never set: either lets a child leave the job, the second one silently. */
export const JOB_OBJECT_LIMIT_BREAKAWAY_OK = 0x800;
export const JOB_OBJECT_LIMIT_SILENT_BREAKAWAY_OK = 0x1000;

/** The limits of a per-command job: contain, kill on close, no breakaway of any kind. */
export const CONTAINMENT_LIMIT_FLAGS =
  JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE | JOB_OBJECT_LIMIT_DIE_ON_UNHANDLED_EXCEPTION;

export type PointerSize = 4 | 8;

function align(offset: number, to: number): number {
  return Math.ceil(offset / to) * to;
}

/** JOBOBJECT_BASIC_LIMIT_INFORMATION: its size and where LimitFlags sits. */
function basicLimitLayout(pointerSize: PointerSize): { size: number; limitFlags: number } {
  let offset = 16; // PerProcessUserTimeLimit, PerJobUserTimeLimit (LARGE_INTEGER each)
  const limitFlags = offset;
  offset += 4; // LimitFlags
  offset = align(offset, pointerSize) + 2 * pointerSize; // Minimum/MaximumWorkingSetSize
  offset += 4; // ActiveProcessLimit
  offset = align(offset, pointerSize) + pointerSize; // Affinity
  offset += 8; // PriorityClass, SchedulingClass
  return { size: align(offset, 8), limitFlags };
}

/** Size of JOBOBJECT_EXTENDED_LIMIT_INFORMATION: basic limits, IO_COUNTERS, four SIZE_T. */
export function extendedLimitSize(pointerSize: PointerSize): number {
  return align(basicLimitLayout(pointerSize).size + 6 * 8 + 4 * pointerSize, 8);
}

/** An extended-limit record with only LimitFlags set (every other limit off). */
export function encodeExtendedLimit(limitFlags: number, pointerSize: PointerSize): Buffer {
  const buffer = Buffer.alloc(extendedLimitSize(pointerSize));
  buffer.writeUInt32LE(limitFlags >>> 0, basicLimitLayout(pointerSize).limitFlags);
  return buffer;
}

/** The LimitFlags of an extended-limit record (for tests and for verifying what was set). */
export function decodeLimitFlags(buffer: Buffer, pointerSize: PointerSize): number {
  return buffer.readUInt32LE(basicLimitLayout(pointerSize).limitFlags);
}

/** JOBOBJECT_BASIC_ACCOUNTING_INFORMATION: four LARGE_INTEGER times, then four DWORD counts. */
export const BASIC_ACCOUNTING_SIZE = 48;
const ACTIVE_PROCESSES_OFFSET = 40;

/** How many processes are in the job right now. */
export function decodeActiveProcesses(buffer: Buffer): number {
  return buffer.readUInt32LE(ACTIVE_PROCESSES_OFFSET);
}

/** A JOBOBJECT_BASIC_PROCESS_ID_LIST buffer with room for `capacity` ids. */
export function processIdListSize(capacity: number, pointerSize: PointerSize): number {
  return align(8, pointerSize) + capacity * pointerSize;
}

/** The member pids in a JOBOBJECT_BASIC_PROCESS_ID_LIST, and how many the job really has. */
export function decodeProcessIdList(
  buffer: Buffer,
  pointerSize: PointerSize,
): { readonly assigned: number; readonly pids: readonly number[] } {
  const assigned = buffer.readUInt32LE(0);
  const listed = buffer.readUInt32LE(4);
  const start = align(8, pointerSize);
  const pids: number[] = [];
  for (let index = 0; index < listed; index += 1) {
    const offset = start + index * pointerSize;
    if (offset + pointerSize > buffer.length) break;
    pids.push(pointerSize === 8 ? Number(buffer.readBigUInt64LE(offset)) : buffer.readUInt32LE(offset));
  }
  return { assigned, pids };
}
