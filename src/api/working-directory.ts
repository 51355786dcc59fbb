import path from "node:path";

/** The instance's directory: `working_dir` from the config, relative to the host's cwd. */
export function instanceDirectory(workingDir: string | undefined, hostCwd: string): string {
  return path.resolve(hostCwd, workingDir ?? ".");
}

/** A call's directory: an absolute `workdir` as given, a relative one against the instance's. */
export function callDirectory(instanceCwd: string, workdir: string | undefined): string {
  return workdir === undefined ? instanceCwd : path.resolve(instanceCwd, workdir);
}

/** The directory a session works in: its own workspace when the host names one, else the instance's. */
export function sessionDirectory(instanceCwd: string, sessionCwd: string | undefined): string {
  return sessionCwd === undefined ? instanceCwd : path.resolve(instanceCwd, sessionCwd);
}
