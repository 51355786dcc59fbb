/** Which shell a command will run in. `sh` is POSIX sh only; `none` means the simple-command fallback. */
export type ShellKind = "bash" | "sh" | "gitbash" | "cygwin" | "wsl" | "none";

/** One candidate the resolver looked at, kept whether it was accepted or not, so a person can see why. */
export interface ResolutionCandidate {
  /** The rule that produced the candidate, e.g. "path-lookup", "registry", "program-files". */
  readonly rule: string;
  readonly path: string | null;
  readonly kind: ShellKind | null;
  readonly accepted: boolean;
  readonly reason: string;
}

export interface ShellResolution extends ShellResolutionDetails {
  readonly platform: NodeJS.Platform;
  readonly kind: ShellKind;
  /** The executable to spawn (`bash.exe`, `/bin/bash`, `wsl.exe` for WSL); null for `none`. */
  readonly path: string | null;
  readonly version?: string;
  /** The WSL distribution commands run in (kind `wsl` only). */
  readonly distro?: string;
  /** Which rule found the shell ("bash_path", "path-lookup", "registry", … or "none"). */
  readonly source: string;
  readonly warnings: readonly string[];
  readonly trace: readonly ResolutionCandidate[];
}

/** Layout of a `gitbash`-kind shell: both use `/c/…` paths, but `$HOME` and the toolchain differ. */
export type GitBashFlavor = "git-for-windows" | "msys2";

/** What a resolution adds beyond the fields above; every field is optional and may be absent. */
export interface ShellResolutionDetails {
  /** `$HOME` as the shell will see it, when it can be known without starting the shell. */
  readonly home?: string;
  /** Install root of Git Bash, MSYS2 or Cygwin (`C:\Program Files\Git`): where `/usr/…` lives. */
  readonly root?: string;
  /** Only for kind `gitbash`. */
  readonly flavor?: GitBashFlavor;
  /**
   * Kind `wsl` only: bash starts as a login shell (`bash -l`), so /etc/profile and ~/.profile put
   * their tools (nvm, pyenv, cargo) on PATH. Absent: neither they nor ~/.bashrc are read.
   */
  readonly loginShell?: boolean;
  /** The first line of `--version`, verbatim. */
  readonly versionLine?: string;
  /**
   * Kind `wsl`, when the host timed its probes: how long `wsl.exe -l -q` and the first `--exec`
   * took together, and whether that was a cold start (WSL's service or VM was starting).
   */
  readonly wslStart?: { readonly durationMs: number; readonly cold: boolean };
}
