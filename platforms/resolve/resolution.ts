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

export interface ShellResolution {
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
