import { win32 } from "node:path";

/** The program a plan starts, as the spawn call would get it. */
export interface LaunchTarget {
  readonly file: string;
  readonly args: readonly string[];
  /**
   * The arguments are already one command line (cross-spawn's cmd.exe wrapping sets Node's
   * `windowsVerbatimArguments`); otherwise libuv quotes each one.
   */
  readonly verbatim: boolean;
}

/** What to spawn instead of the target: the launcher, with the target behind its own tokens. */
export interface LauncherSpawn {
  readonly file: string;
  readonly args: readonly string[];
  /** Set only for a verbatim line, where libuv would not quote the launcher's own path. */
  readonly argv0?: string;
  readonly windowsVerbatimArguments: boolean;
}

/**
 * Whether the launcher can start this program: CreateProcessW gets it as the application name,
 * which it takes as given (no search, no default extension), and batch files need cmd.exe (which
 * cross-spawn has already put in front of them).
 */
export function launchable(file: string): boolean {
  return win32.isAbsolute(file) && /\.(exe|com)$/i.test(file);
}

/**
 * The launcher's own first token: "wait for the job shellgate hands over" (the job has no name
 * and no inheritable handle; see native/windows/shellgate-launch.c).
 */
export const LAUNCHER_HANDOVER_TOKEN = "@";

/**
 * `launcher @ PROGRAM ARGS...`. The launcher passes on everything after its own two tokens
 * untouched, so the program's command line is exactly what the spawn call would have built for it
 * directly: libuv's (or node-pty's) quoting of each argument, or the verbatim line.
 */
export function launcherSpawn(launcher: string, target: LaunchTarget): LauncherSpawn {
  const token = LAUNCHER_HANDOVER_TOKEN;
  if (!target.verbatim) {
    return { file: launcher, args: [token, target.file, ...target.args], windowsVerbatimArguments: false };
  }
  // A verbatim line is joined as given, so the program's own token is quoted here when it must be.
  const program = /[\s"]/.test(target.file) ? `"${target.file}"` : target.file;
  return {
    file: launcher,
    args: [token, program, ...target.args],
    argv0: /[\s"]/.test(launcher) ? `"${launcher}"` : launcher,
    windowsVerbatimArguments: true,
  };
}
