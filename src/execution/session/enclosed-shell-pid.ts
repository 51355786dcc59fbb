import { readFileSync } from "node:fs";
import { treeMembers } from "../terminate/process-table.js";
import { readProcessTable } from "../terminate/read-process-table.js";
import { RESIDENT_BASH_ARGS } from "./resident-bash-args.js";

/** A process below the sandbox's wrapper, with its arguments (NUL-split `/proc/<pid>/cmdline`). */
export interface EnclosedCandidate {
  readonly pid: number;
  readonly ppid: number;
  readonly argv: readonly string[];
}

function isResidentBash(argv: readonly string[]): boolean {
  const tail = argv.slice(1);
  return (
    tail.length === RESIDENT_BASH_ARGS.length && RESIDENT_BASH_ARGS.every((arg, index) => tail[index] === arg)
  );
}

/**
 * The resident bash among the processes below the wrapper: the one started with exactly the
 * resident arguments that has no such bash above it (a command may start `bash --norc … -i`
 * itself, always below the resident one). Undefined while the wrapper has not reached it yet. Pure.
 */
export function pickEnclosedShell(candidates: readonly EnclosedCandidate[]): number | undefined {
  const byPid = new Map(candidates.map((candidate) => [candidate.pid, candidate]));
  const matches = candidates.filter((candidate) => isResidentBash(candidate.argv));
  const hasMatchAbove = (candidate: EnclosedCandidate): boolean => {
    const seen = new Set<number>();
    for (let up = byPid.get(candidate.ppid); up && !seen.has(up.pid); up = byPid.get(up.ppid)) {
      seen.add(up.pid);
      if (isResidentBash(up.argv)) return true;
    }
    return false;
  };
  return matches.find((candidate) => !hasMatchAbove(candidate))?.pid;
}

function argvOf(pid: number): string[] | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").slice(0, -1);
  } catch {
    return undefined;
  }
}

/**
 * The host pid of the resident bash the sandbox's wrapper (`wrapperPid`) started in its own PID
 * namespace (Linux, bubblewrap): a command's tree is found and signalled below that pid, never
 * below the wrapper, whose other descendants are the sandbox itself and the shell.
 */
export async function findEnclosedShell(wrapperPid: number): Promise<number | undefined> {
  const table = await readProcessTable("linux");
  const candidates: EnclosedCandidate[] = [];
  for (const entry of treeMembers(table, wrapperPid, -1)) {
    const argv = argvOf(entry.pid);
    if (argv) candidates.push({ pid: entry.pid, ppid: entry.ppid, argv });
  }
  return pickEnclosedShell(candidates);
}
