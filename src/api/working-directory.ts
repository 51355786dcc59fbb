import path from "node:path";

/** The instance's directory: `working_dir` from the config, relative to the host's cwd. */
export function instanceDirectory(workingDir: string | undefined, hostCwd: string): string {
  return path.resolve(hostCwd, workingDir ?? ".");
}

/** The directory a session works in: its own workspace when the host names one, else the instance's. */
export function sessionDirectory(instanceCwd: string, sessionCwd: string | undefined): string {
  return sessionCwd === undefined ? instanceCwd : path.resolve(instanceCwd, sessionCwd);
}

// Absolute in any form a model may write on any host: POSIX, a shell path such as /c/Users or
// /mnt/c, `~` (the shell's home, which the execution layer maps on Windows), a drive path, a UNC path.
const ABSOLUTE = /^(?:[\\/]|~(?:[\\/]|$)|[A-Za-z]:[\\/])/;

/**
 * A call's directory: an absolute `workdir` is passed on as given (the execution layer translates
 * shell paths such as `/c/Users/me` on Windows), a relative one is resolved against the session's
 * directory with the host platform's path rules.
 */
export function callDirectory(
  sessionCwd: string,
  workdir: string | undefined,
  platform: NodeJS.Platform = process.platform,
): string {
  if (workdir === undefined) return sessionCwd;
  if (ABSOLUTE.test(workdir)) return workdir;
  return (platform === "win32" ? path.win32 : path.posix).resolve(sessionCwd, workdir);
}
