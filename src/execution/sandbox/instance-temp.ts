import { randomBytes } from "node:crypto";
import { lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, unlinkSync } from "node:fs";
import path from "node:path";

/**
 * Each instance's private temp directory: the sandbox's TMPDIR and the only writable place under the
 * system temp directory. Its name is unguessable and it is made 0700 by this user on first use (a
 * name another local user made first is refused, never shared), then removed at close; one left by
 * an instance that was killed is removed at the next start.
 */
const PREFIX = "shellgate-sandbox-";

export interface InstanceTemp {
  readonly path: string;
  /** Makes the directory (once). Throws when something else is already at that name. */
  ensure(): void;
  remove(): void;
}

export function instanceTemp(base: string, random: (size: number) => Buffer = randomBytes): InstanceTemp {
  const directory = path.join(base, `${PREFIX}${process.pid}-${random(12).toString("hex")}`);
  let made = false;
  return {
    path: directory,
    ensure() {
      if (made) return;
      // mkdir without `recursive` fails on anything already there, a link included.
      mkdirSync(directory, { mode: 0o700 });
      const stats = lstatSync(directory);
      if (!stats.isDirectory() || stats.uid !== process.getuid?.() || (stats.mode & 0o077) !== 0) {
        throw new Error(`the sandbox's temp directory ${directory} is not this user's private directory`);
      }
      made = true;
      sweepDeadInstances(base);
    },
    remove() {
      if (!made) return;
      made = false;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

function readStat(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return "";
  }
}

/** Whether a process with this id is alive (EPERM: alive, another user's). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    // A zombie has ended; only its parent has not reaped it yet.
    return !/\) Z /.test(readStat(pid));
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * The owning pid in a name this module made, or in the library's proxy socket (`srt-mux-PID-N.sock`,
 * which a killed process leaves behind); undefined for any other name.
 */
export function ownerPid(name: string): number | undefined {
  const match = /^shellgate-sandbox-(\d+)-[0-9a-f]{24}$/.exec(name) ?? /^srt-mux-(\d+)-\d+\.sock$/.exec(name);
  return match ? Number(match[1]) : undefined;
}

/** Removes the temp directories (and proxy sockets) of instances whose process is gone: this user's own. */
export function sweepDeadInstances(base: string, alive: (pid: number) => boolean = isAlive): void {
  let names: string[];
  try {
    names = readdirSync(base);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = ownerPid(name);
    if (pid === undefined || pid === process.pid || alive(pid)) continue;
    const target = path.join(base, name);
    try {
      const stats = lstatSync(target);
      if (stats.uid !== process.getuid?.()) continue;
      if (stats.isDirectory()) rmSync(target, { recursive: true, force: true });
      else if (stats.isSocket()) unlinkSync(target);
    } catch {
      // Gone meanwhile, or not ours to look at.
    }
  }
}
