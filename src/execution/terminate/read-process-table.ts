import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { type ProcessEntry, parseProcessTable } from "./process-table.js";

/** Parses one `/proc/<pid>/stat` line; the command name may hold spaces and parentheses. */
export function parseProcStat(text: string): ProcessEntry | null {
  const close = text.lastIndexOf(")");
  if (close < 0) return null;
  const pid = Number.parseInt(text, 10);
  const [state, ppid, pgid] = text
    .slice(close + 2)
    .split(" ")
    .slice(0, 3);
  const parent = Number.parseInt(ppid ?? "", 10);
  const group = Number.parseInt(pgid ?? "", 10);
  if (!Number.isInteger(pid) || !Number.isInteger(parent) || !Number.isInteger(group)) return null;
  return { pid, ppid: parent, pgid: group, zombie: state === "Z" || state === "X" };
}

// /proc files are tiny and served from memory: a synchronous loop takes a few milliseconds, where
// one async read per pid queues hundreds of thread-pool jobs and does not parallelise.
function readProcTable(): ProcessEntry[] {
  const rows: ProcessEntry[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const row = parseProcStat(readFileSync(`/proc/${name}/stat`, "utf8"));
      if (row) rows.push(row);
    } catch {
      // exited between readdir and read
    }
  }
  return rows;
}

function readPsTable(): Promise<ProcessEntry[]> {
  return new Promise((resolve, reject) => {
    execFile(
      "ps",
      ["-A", "-o", "pid=,ppid=,pgid=,stat="],
      { maxBuffer: 16 * 1024 * 1024 },
      (error, stdout) => {
        if (error) reject(new Error(`cannot list processes with ps: ${error.message}`));
        else resolve(parseProcessTable(stdout));
      },
    );
  });
}

/** The host's process table: `/proc` on Linux (no extra process), `ps` elsewhere on POSIX. */
export function readProcessTable(platform: NodeJS.Platform = process.platform): Promise<ProcessEntry[]> {
  return platform === "linux" ? Promise.resolve(readProcTable()) : readPsTable();
}

/**
 * Linux only: pids whose environment holds `name=value`. Every process shellgate starts carries a
 * random marker, and a child that left the group with `setsid` and lost its parent still inherits it,
 * so this finds the escapees a tree walk cannot.
 */
export async function findByEnvironmentMarker(name: string, value: string): Promise<number[]> {
  if (process.platform !== "linux") return [];
  const needle = Buffer.from(`${name}=${value}\0`);
  const hits: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const environ = readFileSync(`/proc/${entry}/environ`);
      const at = environ.indexOf(needle);
      // The match must start a variable: at offset 0 or right after a NUL.
      if (at === 0 || (at > 0 && environ[at - 1] === 0)) hits.push(Number(entry));
    } catch {
      // gone, or another user's process
    }
  }
  return hits;
}
