export interface ResolveShellOptions {
  /** config `windows_shell`: "auto" (default), "wsl" or "gitbash"; other values warn and mean "auto". */
  readonly windowsShell?: string;
  /** config `bash_path`: an explicit bash that wins over every other rule when it is valid. */
  readonly bashPath?: string;
  /** config `wsl_login_shell`: WSL commands run in a login bash, which reads /etc/profile and ~/.profile. */
  readonly wslLoginShell?: boolean;
  /** Timeout for each probe command (`bash --version`, `wsl.exe -l -q`). */
  readonly probeTimeoutMs?: number;
  /**
   * POSIX: why a candidate shell must not run on this host (a sandboxed command could have written
   * it), or undefined when it may. A refused candidate is skipped before it is probed, so it never
   * runs. The caller knows what the sandbox can write; the platform layer only asks.
   */
  readonly refuseCandidate?: (path: string) => Promise<string | undefined>;
}

// VS Code gives `wsl.exe -l -q` one second; the first WSL2 call may boot a VM, so allow more.
export const DEFAULT_PROBE_TIMEOUT_MS = 3000;
