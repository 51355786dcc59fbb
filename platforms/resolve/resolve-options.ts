export interface ResolveShellOptions {
  /** config `windows_shell`: "auto" (default), "wsl" or "gitbash"; other values warn and mean "auto". */
  readonly windowsShell?: string;
  /** config `bash_path`: an explicit bash that wins over every other rule when it is valid. */
  readonly bashPath?: string;
  /** config `wsl_login_shell`: WSL commands run in a login bash, which reads /etc/profile and ~/.profile. */
  readonly wslLoginShell?: boolean;
  /**
   * Timeout for each probe command (`bash --version`, `wsl.exe -l -q`). Unset: 3 s for a bash and
   * 30 s for each WSL probe (a cold WSL start).
   */
  readonly probeTimeoutMs?: number;
  /**
   * POSIX: why a candidate shell must not run on this host (a sandboxed command could have written
   * it), or undefined when it may. A refused candidate is skipped before it is probed, so it never
   * runs. The caller knows what the sandbox can write; the platform layer only asks.
   */
  readonly refuseCandidate?: (path: string) => Promise<string | undefined>;
}

export const DEFAULT_PROBE_TIMEOUT_MS = 3000;

// VS Code gives `wsl.exe -l -q` one second. The first WSL call after boot starts the service and the
// first `--exec` starts the VM: about 10 s from a cold start (microsoft/WSL#6765), longer on a loaded
// machine. A probe given less than that rejects a WSL that works.
export const DEFAULT_WSL_PROBE_TIMEOUT_MS = 30_000;

// A warm `wsl.exe -l -q` answers in well under a second and a warm `--exec bash --version` in about
// one; WSL's probes together taking longer than this mean the service or the VM was starting.
export const WSL_COLD_START_MS = 2500;
