import type { ShellKind, ShellResolution } from "../../platforms/index.js";
import type { ConcurrencyCounter } from "../execution/concurrency/concurrency-counter.js";
import type { ProcessJob } from "../execution/containment/process-job.js";
import type { BuildEnvironmentOptions } from "../execution/environment/build-environment.js";
import type { SpillDirectory } from "../execution/io/spill-directory.js";
import type { Launcher } from "../execution/launch/launcher.js";
import type { PtyImporter } from "../execution/launch/pty-loader.js";
import type { StartCheck } from "../execution/prepare/judge-start.js";
import type { Sandbox } from "../execution/sandbox/index.js";
import type { WslTarget } from "../execution/terminate/wsl-tree-kill.js";
import type { Verdict } from "../safety/verdict.js";
import type { QuestionAdmission } from "./lifecycle/question-admission.js";
import type { StdinDecision } from "./lifecycle/stdin-policy.js";
import type { Observer } from "./observer/observer-event.js";
import type { BinaryGuard } from "./output/stream-decoder.js";

/**
 * The instance settings the manager applies, as plain values; the wiring (src/api) maps the
 * config keys onto them, so the manager never reads config.
 */
export interface ManagedSettings {
  /** Lifetime of a start that names no `timeout`, in seconds. */
  readonly defaultTimeoutSeconds: number;
  /** Records kept at once, running and finished. */
  readonly maxProcesses: number;
  /** Output retained per process, in bytes. */
  readonly maxOutputBytes: number;
  /** Grace between the polite signal and the kill, in ms. */
  readonly killGraceMs: number;
  /** Whether a start may ask for a terminal (the host's opt-in). */
  readonly ptyAllowed: boolean;
  /** Whether raw stdin writes are allowed, decided once by the wiring (`decideStdinPolicy`). */
  readonly stdin: StdinDecision;
  /** Which of the base environment's variables a child gets. */
  readonly environment: Pick<BuildEnvironmentOptions, "scrub" | "allow" | "deny">;
  /** The limit of the private counter used when no shared `concurrency` is given. */
  readonly maxConcurrent?: number;
  /** Windows, when no `resolution` is given: the shell preference (`windows_shell`) and `bash_path`. */
  readonly windowsShell?: string;
  readonly bashPath?: string;
  /**
   * Where a long command's script file is written (`spill_dir`), or the directory object that
   * tracks it; default the shared private directory under the OS temp directory.
   */
  readonly spillDirectory?: string | SpillDirectory;
}

/** Per-call context from the tool layer. */
export interface StartContext {
  /** Working directory for this start; defaults to the manager's `cwd`. */
  readonly cwd?: string;
  /** Aborting before the spawn completed stops the child and fails the start. */
  readonly signal?: AbortSignal;
  /**
   * The admission step's verdict for this command (`shellgate.admit`), honoured when it judged this
   * command in this directory, so the manager does not judge it again.
   */
  readonly verdict?: Verdict;
}

/** How a tree is torn down; `terminateTree` from the execution layer by default. */
export type TerminateTreeFunction = (
  pid: number,
  options: {
    readonly graceMs?: number;
    readonly platform?: NodeJS.Platform;
    readonly marker?: { readonly name: string; readonly value: string };
    /** Windows: the tree's Job Object, ended instead of walking parent links. */
    readonly job?: ProcessJob;
    /** WSL: the Linux side of the tree, ended from inside the distribution. */
    readonly wsl?: WslTarget;
  },
) => Promise<unknown>;

/** What a planning seam must say for a managed start; the rest is the execution layer's defaults. */
export interface ManagedSpawnPlan {
  readonly file: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Text the plan needs written to stdin first (e.g. a script for a wrapped shell). */
  readonly stdinText?: string;
  /** Directories put before PATH, and variables set only when absent (see SpawnPlan). */
  readonly pathPrepend?: string;
  readonly envDefaults?: Readonly<Record<string, string>>;
  /** The shell kind the plan was made for (decides how an exit status is read). */
  readonly shell?: ShellKind;
  /** Kind `none`: argv without a shell. */
  readonly delivery?: "argv" | "environment" | "direct";
  /** Resolve the program with PATHEXT and `.cmd` shims (the execution plan's flag, kind `none`). */
  readonly crossSpawn?: boolean;
}

/** How a command becomes argv; `planSpawn` from the execution layer by default. */
export type PlanSpawnFunction = (
  resolution: ShellResolution,
  command: string,
  cwd: string,
) => ManagedSpawnPlan;

export interface ProcessManagerOptions extends ManagedSettings {
  /**
   * The safety gate's synchronous check (`createSafetyGate(...).check`), asked with the command and
   * the context it starts in (directory, environment, shell). Every start goes through it unless
   * the admission step already judged it; a verdict with `allowed: false` refuses the start.
   */
  readonly check: StartCheck;
  /** Optional host observer (`operations.observe`): receives process events, never commands or stdin. */
  readonly observe?: Observer;
  /** Optional host question admission (`questions.admit`), required when a start names `question_ids`. */
  readonly admitQuestions?: QuestionAdmission;
  /**
   * The active-command counter shared with foreground runs, so `max_concurrent` counts both.
   * Defaults to a private counter limited by `maxConcurrent`.
   */
  readonly concurrency?: ConcurrencyCounter;
  /** The resolved shell; defaults to `/bin/bash` (POSIX). Windows hosts must pass their resolution. */
  readonly resolution?: ShellResolution;
  /** Default working directory (the instance's, resolved once by the wiring); defaults to `process.cwd()`. */
  readonly cwd?: string;
  /** Environment the child's is built from (filtered per `environment`); defaults to `process.env`. */
  readonly baseEnvironment?: NodeJS.ProcessEnv;
  /** Platform whose rules apply (spawn, teardown, terminal EOF); defaults to `process.platform`. */
  readonly platform?: NodeJS.Platform;
  /** Loads node-pty; a test seam for the "not installed" path. Defaults to a lazy dynamic import. */
  readonly importPty?: PtyImporter;
  /** Spawn planning seam; defaults to the execution layer's `planSpawn`. */
  readonly planSpawn?: PlanSpawnFunction;
  /** The instance's OS sandbox: every managed start, pipes or pty, runs inside it. */
  readonly sandbox?: Sandbox;
  /**
   * Where managed processes run: the launcher every start goes through (pipes or a terminal), and
   * what ends their trees. Default: this machine (`createLocalLauncher`, with `importPty`,
   * `terminateTree` and `platform` below).
   */
  readonly launcher?: Launcher;
  /** Tree teardown seam of the default launcher; defaults to the execution layer's `terminateTree`. */
  readonly terminateTree?: TerminateTreeFunction;
  /** Binary guard seam; defaults to the execution layer's `guardBinary`. */
  readonly guardBinary?: BinaryGuard;
  /** A stdin write not handed to the OS in this time has an unknown outcome (default 5000 ms). */
  readonly stdinWriteTimeoutMs?: number;
  /** How long streams may drain after exit before `output_complete` stays false (default 2000 ms). */
  readonly outputDrainMs?: number;
  /**
   * After a teardown, how long the exit may take to be observed before the process is reported
   * `outcome_unknown` and terminate/close stop waiting (default 5000 ms).
   */
  readonly exitAfterTeardownMs?: number;
  /** Deadline for one async observer call (default 500 ms). */
  readonly observerDeadlineMs?: number;
  /** Clock for timestamps. */
  readonly now?: () => Date;
}
