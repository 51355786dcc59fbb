/**
 * Everything the shell resolver may learn about a machine, behind one seam. The real host answers
 * from the operating system; a snapshot host answers from a recorded file, so the same decision code
 * runs for this machine, a test fixture, or a user's bug report.
 */
export interface HostFacts {
  readonly platform: NodeJS.Platform;
  /** An environment variable; names compare case-insensitively on Windows. */
  env(name: string): string | undefined;
  /** What is at a path, following links; null when nothing (or nothing readable) is there. */
  fileInfo(path: string): Promise<FileFact | null>;
  /** Every match of a command on PATH, in PATH order. Never the current directory. */
  findOnPath(command: string): Promise<readonly string[]>;
  /** A Windows registry string value (`HKLM\Software\GitForWindows`, `InstallPath`); null elsewhere. */
  readRegistry(key: string, value: string): Promise<string | null>;
  /** Runs a probe command with a timeout and returns its raw stdout bytes and exit code. */
  runProbe(argv: readonly string[], timeoutMs: number): Promise<ProbeResult>;
}

export interface FileFact {
  readonly type: "file" | "dir";
  /** Bytes; 0 for the Windows app-execution aliases that merely forward to the Store or WSL. */
  readonly size: number;
}

export type ProbeOutcome = "exited" | "not-found" | "timed-out" | "failed";

export interface ProbeResult {
  readonly outcome: ProbeOutcome;
  /** The exit code when the probe exited; null when it did not start, timed out or died by signal. */
  readonly exitCode: number | null;
  /** Raw bytes: `wsl.exe` writes UTF-16LE, everything else UTF-8. Decode with `decodeProbeOutput`. */
  readonly stdout: Uint8Array;
  /** How long the probe ran, when it was measured (a real host) or recorded (a snapshot). */
  readonly durationMs?: number;
}

/** Registry reads the resolver makes are recorded under `<key>\<value>` in a snapshot. */
export function registryEntryName(key: string, value: string): string {
  return `${key}\\${value}`;
}
