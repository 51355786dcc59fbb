import { loadKernel32 } from "../windows/kernel32.js";
import {
  BASIC_ACCOUNTING_SIZE,
  CONTAINMENT_LIMIT_FLAGS,
  decodeActiveProcesses,
  decodeLimitFlags,
  decodeProcessIdList,
  encodeExtendedLimit,
  extendedLimitSize,
  JOB_INFORMATION_CLASS,
  type PointerSize,
  processIdListSize,
} from "./job-layout.js";

/** An opaque Win32 HANDLE as koffi returns it. */
export type Win32Handle = object;

/** The job-object calls shellgate makes, over kernel32 through koffi. Windows only. */
export interface JobApi {
  /**
   * A new unnamed job with the containment limits set; throws when Windows refuses. The handle
   * returned can assign, query and end the job but not change its limits.
   */
  createContainmentJob(): Win32Handle;
  /**
   * Duplicates a handle to `job` (assign and query only, not inheritable) into the process: how
   * the launcher gets its job (see native/windows/shellgate-launch.c).
   */
  handOver(job: Win32Handle, process: Win32Handle): boolean;
  /** Ends one process by its held handle (a launcher that could not be given its job). */
  terminateProcess(process: Win32Handle, exitCode: number): boolean;
  /** The job's LimitFlags now (Wine answers 0 whatever was set). */
  limitFlags(job: Win32Handle): number;
  /** A handle that can assign and end the process; null when it is already gone. */
  openProcess(pid: number): Win32Handle | null;
  assign(job: Win32Handle, process: Win32Handle): boolean;
  terminate(job: Win32Handle, exitCode: number): boolean;
  activeProcesses(job: Win32Handle): number;
  processIds(job: Win32Handle): readonly number[];
  /** The executable's full path, or null when the process is gone or cannot be opened. */
  imagePath(pid: number): string | null;
  /** Whether the process has ended (its handle is signalled). */
  hasExited(process: Win32Handle): boolean;
  close(handle: Win32Handle): void;
}

// OpenProcess rights: assignment needs SET_QUOTA and TERMINATE, the hand-over DUP_HANDLE; the
// rest is for checks.
const PROCESS_TERMINATE = 0x0001;
const PROCESS_DUP_HANDLE = 0x0040;
const PROCESS_SET_QUOTA = 0x0100;
const PROCESS_QUERY_LIMITED_INFORMATION = 0x1000;
const SYNCHRONIZE = 0x0010_0000;
const WAIT_OBJECT_0 = 0;
const JOB_OBJECT_ASSIGN_PROCESS = 0x0001;
const JOB_OBJECT_QUERY = 0x0004;
const JOB_OBJECT_TERMINATE = 0x0008;
/**
 * What shellgate's own handle keeps once the limits are set: no JOB_OBJECT_SET_ATTRIBUTES, so a
 * member that duplicates the handle out of shellgate's process still cannot allow breakaway.
 */
const KEPT_JOB_ACCESS = JOB_OBJECT_ASSIGN_PROCESS | JOB_OBJECT_QUERY | JOB_OBJECT_TERMINATE | SYNCHRONIZE;

/**
 * Binds the job calls once, through koffi's native module for this architecture (see
 * `../windows/kernel32.ts`): no install script, no compiler. Synchronous, so a job can be created
 * and assigned in the same tick as the spawn (see `contain-process.ts`).
 */
export function loadJobApi(environment: NodeJS.ProcessEnv = process.env): JobApi {
  const kernel32 = loadKernel32(environment);
  const pointerSize: PointerSize = process.arch === "ia32" ? 4 : 8;
  const CreateJobObjectW = kernel32.func(
    "void * __stdcall CreateJobObjectW(void *attributes, const char16_t *name)",
  );
  const SetInformationJobObject = kernel32.func(
    "int __stdcall SetInformationJobObject(void *job, int infoClass, void *info, uint32_t length)",
  );
  const QueryInformationJobObject = kernel32.func(
    "int __stdcall QueryInformationJobObject(void *job, int infoClass, void *info, uint32_t length, void *returned)",
  );
  const AssignProcessToJobObject = kernel32.func(
    "int __stdcall AssignProcessToJobObject(void *job, void *process)",
  );
  const TerminateJobObject = kernel32.func("int __stdcall TerminateJobObject(void *job, uint32_t exitCode)");
  const TerminateProcess = kernel32.func("int __stdcall TerminateProcess(void *process, uint32_t exitCode)");
  const OpenProcess = kernel32.func(
    "void * __stdcall OpenProcess(uint32_t access, int inherit, uint32_t pid)",
  );
  const WaitForSingleObject = kernel32.func(
    "uint32_t __stdcall WaitForSingleObject(void *handle, uint32_t ms)",
  );
  const CloseHandle = kernel32.func("int __stdcall CloseHandle(void *handle)");
  const GetCurrentProcess = kernel32.func("void * __stdcall GetCurrentProcess()");
  const DuplicateHandle = kernel32.func(
    "int __stdcall DuplicateHandle(void *sourceProcess, void *source, void *targetProcess, _Out_ void **target, uint32_t access, int inherit, uint32_t options)",
  );
  const QueryFullProcessImageNameW = kernel32.func(
    "int __stdcall QueryFullProcessImageNameW(void *process, uint32_t flags, void *name, void *size)",
  );

  const self = GetCurrentProcess() as Win32Handle;
  /** A duplicate of `handle` in `target` with only `access` (a subset of what it has). */
  const duplicate = (handle: Win32Handle, target: Win32Handle, access: number): Win32Handle | null => {
    const copy: unknown[] = [null];
    if (!DuplicateHandle(self, handle, target, copy, access, 0, 0)) return null;
    return (copy[0] as Win32Handle | null) ?? null;
  };

  const query = (job: Win32Handle, infoClass: number, size: number): { ok: boolean; buffer: Buffer } => {
    const buffer = Buffer.alloc(size);
    return { ok: Boolean(QueryInformationJobObject(job, infoClass, buffer, size, null)), buffer };
  };

  return {
    createContainmentJob() {
      const job = CreateJobObjectW(null, null) as Win32Handle | null;
      if (!job) throw new Error("CreateJobObjectW failed");
      const limits = encodeExtendedLimit(CONTAINMENT_LIMIT_FLAGS, pointerSize);
      if (!SetInformationJobObject(job, JOB_INFORMATION_CLASS.extendedLimit, limits, limits.length)) {
        CloseHandle(job);
        throw new Error("SetInformationJobObject (kill on close) failed");
      }
      // The handle that created the job has every right; the one kept cannot change the limits,
      // so a member that copies it out of this process cannot allow breakaway either.
      const kept = duplicate(job, self, KEPT_JOB_ACCESS);
      CloseHandle(job);
      if (!kept) throw new Error("DuplicateHandle (the job's kept handle) failed");
      return kept;
    },
    handOver(job, processHandle) {
      // The copy belongs to the launcher, which closes it; this process never uses its value.
      return duplicate(job, processHandle, JOB_OBJECT_ASSIGN_PROCESS | JOB_OBJECT_QUERY) !== null;
    },
    terminateProcess: (processHandle, exitCode) => Boolean(TerminateProcess(processHandle, exitCode)),
    limitFlags(job) {
      const size = extendedLimitSize(pointerSize);
      const answer = query(job, JOB_INFORMATION_CLASS.extendedLimit, size);
      if (!answer.ok) throw new Error("QueryInformationJobObject (limits) failed");
      return decodeLimitFlags(answer.buffer, pointerSize);
    },
    openProcess(pid) {
      const access =
        PROCESS_TERMINATE |
        PROCESS_SET_QUOTA |
        PROCESS_DUP_HANDLE |
        PROCESS_QUERY_LIMITED_INFORMATION |
        SYNCHRONIZE;
      return (OpenProcess(access, 0, pid) as Win32Handle | null) ?? null;
    },
    assign: (job, processHandle) => Boolean(AssignProcessToJobObject(job, processHandle)),
    terminate: (job, exitCode) => Boolean(TerminateJobObject(job, exitCode)),
    activeProcesses(job) {
      const answer = query(job, JOB_INFORMATION_CLASS.basicAccounting, BASIC_ACCOUNTING_SIZE);
      if (!answer.ok) throw new Error("QueryInformationJobObject (accounting) failed");
      return decodeActiveProcesses(answer.buffer);
    },
    processIds(job) {
      // A list too small for the job fails with ERROR_MORE_DATA but still says how many there are.
      let capacity = 64;
      for (;;) {
        const answer = query(
          job,
          JOB_INFORMATION_CLASS.basicProcessIdList,
          processIdListSize(capacity, pointerSize),
        );
        const list = decodeProcessIdList(answer.buffer, pointerSize);
        if (answer.ok && list.assigned <= list.pids.length) return list.pids;
        if (list.assigned <= capacity || capacity >= 65_536) {
          if (!answer.ok) throw new Error("QueryInformationJobObject (process list) failed");
          return list.pids;
        }
        capacity = list.assigned * 2;
      }
    },
    imagePath(pid) {
      const handle = OpenProcess(PROCESS_QUERY_LIMITED_INFORMATION, 0, pid) as Win32Handle | null;
      if (!handle) return null;
      try {
        const characters = 1024;
        const name = Buffer.alloc(characters * 2);
        const size = Buffer.alloc(4);
        size.writeUInt32LE(characters);
        if (!QueryFullProcessImageNameW(handle, 0, name, size)) return null;
        return name.subarray(0, size.readUInt32LE() * 2).toString("utf16le");
      } finally {
        CloseHandle(handle);
      }
    },
    hasExited: (processHandle) => WaitForSingleObject(processHandle, 0) === WAIT_OBJECT_0,
    close(handle) {
      CloseHandle(handle);
    },
  };
}
