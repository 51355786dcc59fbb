import { execFile } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
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

async function readProcTable(): Promise<ProcessEntry[]> {
  const names = await readdir("/proc");
  const rows = await Promise.all(
    names
      .filter((name) => /^\d+$/.test(name))
      .map(async (name) => {
        try {
          return parseProcStat(await readFile(`/proc/${name}/stat`, "utf8"));
        } catch {
          return null; // exited between readdir and read
        }
      }),
  );
  return rows.filter((row): row is ProcessEntry => row !== null);
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
  return platform === "linux" ? readProcTable() : readPsTable();
}

/**
 * Linux only: pids whose environment holds `name=value`. Every process shellgate starts carries a
 * random marker, and a child that left the group with `setsid` and lost its parent still inherits it,
 * so this finds the escapees a tree walk cannot.
 */
export async function findByEnvironmentMarker(name: string, value: string): Promise<number[]> {
  if (process.platform !== "linux") return [];
  const needle = Buffer.from(`\0${name}=${value}\0`);
  const names = (await readdir("/proc")).filter((entry) => /^\d+$/.test(entry));
  const hits = await Promise.all(
    names.map(async (entry) => {
      try {
        const environ = Buffer.concat([Buffer.from([0]), await readFile(`/proc/${entry}/environ`)]);
        return environ.includes(needle) ? Number(entry) : null;
      } catch {
        return null; // gone, or another user's process
      }
    }),
  );
  return hits.filter((pid): pid is number => pid !== null && pid !== process.pid);
}
