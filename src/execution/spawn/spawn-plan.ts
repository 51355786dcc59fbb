import type { ShellKind } from "../../../platforms/index.js";

/** How the command text reaches the shell. */
export type CommandDelivery =
  /** As the argument of `bash -c` (POSIX, where argv is passed as-is). */
  | "argv"
  /** In the `SHELLGATE_COMMAND` environment variable, read by a fixed wrapper (MSYS, Cygwin, WSL). */
  | "environment"
  /** Split into argv and run without a shell (kind `none`). */
  | "direct";

/** Everything needed to start one command; carried out by whoever spawns. Plain data. */
export interface SpawnPlan {
  readonly shell: ShellKind;
  readonly file: string;
  readonly args: readonly string[];
  /** Native working directory for the spawn call. */
  readonly cwd: string;
  /** Variables to add to the command's environment (the command text, for `environment` delivery). */
  readonly env?: Readonly<Record<string, string>>;
  /**
   * Directories put before the environment's PATH (Windows `;` list): a raw MSYS2 or Cygwin bash
   * gets its runtime's `bin`, as a login shell would, so `ls` and `grep` exist.
   */
  readonly pathPrepend?: string;
  /** Variables set only when the environment has none of that name (any case on Windows). */
  readonly envDefaults?: Readonly<Record<string, string>>;
  /** Text to write to stdin, then close it (unused by the built-in plans: stdin is `/dev/null`). */
  readonly stdinText?: string;
  readonly delivery: CommandDelivery;
  /** POSIX: run as a process-group leader, so the whole tree can be signalled. */
  readonly detached: boolean;
  readonly windowsHide: boolean;
  /** Resolve the program with PATHEXT and `.cmd` shims (cross-spawn); kind `none` only. */
  readonly crossSpawn: boolean;
  /** A long command's private script file (it is sourced); removed once the process has ended. */
  readonly scriptFile?: string;
}

/** Raised when a command cannot be planned: the fallback refused it, or the resolution is unusable. */
export class SpawnPlanError extends Error {
  override readonly name = "SpawnPlanError";
  /** The shell operator that made the fallback refuse, when that was the reason. */
  readonly operator: string | undefined;
  constructor(message: string, operator?: string) {
    super(message);
    this.operator = operator;
  }
}
