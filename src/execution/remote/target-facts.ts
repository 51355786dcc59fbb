/** What the probe found in a target: the facts the executor describes and plans with. */
export interface TargetFacts {
  readonly user: string;
  readonly uid?: number;
  readonly home?: string;
  /** Where the engine starts commands when no directory is asked for. */
  readonly cwd?: string;
  /** `uname -s` and `uname -m`, verbatim ("Linux", "x86_64"). */
  readonly os: string;
  readonly arch: string;
  readonly hostname?: string;
  /** The user's login shell (`$SHELL`); SSH runs every command string through it. */
  readonly loginShell?: string;
  /** The shell commands run in; absent: the target has none and is refused. */
  readonly shell?: TargetShell;
  /** `env`'s path: variables then reach the command's environment block (see `remote-invocation.ts`). */
  readonly envProgram?: string;
  /** Whether /proc is there: the group kill lists members and finds `setsid` escapes through it. */
  readonly proc: boolean;
  /** A writable temporary directory (spill files, long-command scripts), when there is one. */
  readonly temporaryDirectory?: string;
  /** The environment a command starts with in the target (before scrubbing). */
  readonly environment: Readonly<Record<string, string>>;
}

export interface TargetShell {
  readonly kind: "bash" | "sh";
  readonly path: string;
  /** bash's `$BASH_VERSION`; for sh, what it is ("busybox ash", "dash"), when known. */
  readonly version?: string;
}
