import { execFile } from "node:child_process";
import { systemProgramPath } from "../../../platforms/index.js";
import type { ProcessEntry } from "./process-table.js";

/** Decodes tool output that may be UTF-16LE (wmic writes it when its output is a pipe). */
export function decodeToolOutput(bytes: Buffer): string {
  const nulls = bytes.subarray(0, 200).filter((byte) => byte === 0).length;
  const text = nulls > 10 ? bytes.toString("utf16le") : bytes.toString("utf8");
  return text.replace(/^\uFEFF/, "");
}

/**
 * Parses `pid,ppid` lines (our PowerShell form) or wmic CSV (`Node,ParentProcessId,ProcessId` with a
 * header naming the columns). Windows has no process groups: `pgid` is -1.
 */
export function parseWindowsProcessList(text: string): ProcessEntry[] {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  let pidColumn = 0;
  let parentColumn = 1;
  const entries: ProcessEntry[] = [];
  for (const line of lines) {
    if (line.length === 0) continue;
    if (!line.includes(",")) {
      // wmic that ignores /format:csv (Wine) prints `ParentProcessId  ProcessId` columns, alphabetical.
      const columns = /^(\d+)\s+(\d+)$/.exec(line);
      if (columns)
        entries.push({ pid: Number(columns[2]), ppid: Number(columns[1]), pgid: -1, zombie: false });
      continue;
    }
    const fields = line.split(",").map((field) => field.trim());
    const header = fields.findIndex((field) => /^ProcessId$/i.test(field));
    if (header >= 0) {
      pidColumn = header;
      parentColumn = fields.findIndex((field) => /^ParentProcessId$/i.test(field));
      continue;
    }
    const pid = Number(fields[pidColumn]);
    const ppid = Number(fields[parentColumn]);
    if (Number.isInteger(pid) && Number.isInteger(ppid) && fields[pidColumn] !== "") {
      entries.push({ pid, ppid, pgid: -1, zombie: false });
    }
  }
  return entries;
}

function run(file: string, args: readonly string[]): Promise<ProcessEntry[]> {
  return new Promise((resolve) => {
    const child = execFile(
      file,
      [...args],
      { windowsHide: true, timeout: 10_000, encoding: "buffer", maxBuffer: 16 * 1024 * 1024 },
      (error, stdout) => resolve(error ? [] : parseWindowsProcessList(decodeToolOutput(stdout))),
    );
    // wmic waits for end of input before it exits; an open stdin pipe would hold it to the timeout.
    child.stdin?.end();
  });
}

/**
 * The Windows process table with parent links. PowerShell's CIM query first (wmic is gone from
 * Windows 11 24H2 and Server 2025), then wmic (still present on older hosts and under Wine).
 */
export async function readWindowsProcessTable(): Promise<ProcessEntry[]> {
  const viaPowerShell = await run(systemProgramPath("powershell"), [
    "-NoProfile",
    "-NonInteractive",
    "-Command",
    'Get-CimInstance Win32_Process | ForEach-Object { "$($_.ProcessId),$($_.ParentProcessId)" }',
  ]);
  if (viaPowerShell.length > 0) return viaPowerShell;
  return run(systemProgramPath("wmic"), ["process", "get", "ParentProcessId,ProcessId", "/format:csv"]);
}
