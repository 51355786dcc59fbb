import type { ShellResolution } from "../../platforms/index.js";
import type { ShellgateConfig } from "../config/schema.js";
import type { ConcurrencyCounter } from "../execution/concurrency/concurrency-counter.js";
import type { ProcessJob } from "../execution/containment/process-job.js";
import type { WslTarget } from "../execution/terminate/wsl-tree-kill.js";
import type { Verdict } from "../safety/verdict.js";
import type { QuestionAdmission } from "./lifecycle/question-admission.js";
import type { Observer } from "./observer/observer-event.js";
import type { BinaryGuard } from "./output/stream-decoder.js";
import type { PtyImporter } from "./terminal/pty-loader.js";
import type { ManagedSpawnPlan } from "./transport/transport.js";

/** The config keys the manager reads (a parsed `ShellgateConfig` satisfies it). */
export type ManagedConfig = Pick<
  ShellgateConfig,
  | "timeout"
  | "safety_profile"
  | "allowed_commands"
  | "denied_commands"
  | "safety_overrides"
  | "max_concurrent"
  | "kill_grace_ms"
  | "env_scrub"
  | "env_allow"
  | "env_deny"
  | "managed_pty"
  | "managed_stdin"
  | "managed_max_output_bytes"
  | "managed_max_processes"
> &
  // windows_shell and bash_path choose the shell when no resolution is passed (Windows).
  Partial<Pick<ShellgateConfig, "working_dir" | "windows_shell" | "bash_path">>;

/** What a host approval hook is shown for a start: the action, the command and how it will run. */
export interface StartApprovalRequest {
  readonly action: "start";
  readonly command: string;
  readonly timeout: number;
  readonly pty: boolean;
  readonly question_ids: readonly string[];
  readonly cwd: string;
}

/** Per-call context from the tool layer. */
export interface StartContext {
  /** Working directory for this start; defaults to the manager's `cwd`. */
  readonly cwd?: string;
  /** Aborting before the spawn completed stops the child and fails the start. */
  readonly signal?: AbortSignal;
  /** The admission step's verdict for this command, so the manager does not judge it again. */
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

/** How a command becomes argv; `planSpawn` from the execution layer by default. */
export type PlanSpawnFunction = (
  resolution: ShellResolution,
  command: string,
  cwd: string,
) => ManagedSpawnPlan;

export interface ProcessManagerOptions {
  /** The mounted tool's configuration (limits, safety profile and lists, host opt-ins). */
  readonly config: ManagedConfig;
  /**
   * The safety gate's synchronous check (`createSafetyGate(...).check`). Every start goes through
   * it; a verdict with `allowed: false` refuses the start with the verdict's reason.
   */
  readonly check: (command: string) => Verdict;
  /**
   * Optional host approval, asked after the safety gate and before question admission. Anything
   * but `true` refuses the start.
   */
  readonly approve?: (request: StartApprovalRequest) => boolean | Promise<boolean>;
  /** Optional host observer (`operations.observe`): receives process events, never commands or stdin. */
  readonly observe?: Observer;
  /** Optional host question admission (`questions.admit`), required when a start names `question_ids`. */
  readonly admitQuestions?: QuestionAdmission;
  /**
   * The active-command counter shared with foreground runs, so `max_concurrent` counts both.
   * Defaults to a private counter limited by `config.max_concurrent`.
   */
  readonly concurrency?: ConcurrencyCounter;
  /** The resolved shell; defaults to `/bin/bash` (POSIX). Windows hosts must pass their resolution. */
  readonly resolution?: ShellResolution;
  /** Default working directory; defaults to `config.working_dir`, then `process.cwd()`. */
  readonly cwd?: string;
  /** Environment the child's is built from (scrubbed per config); defaults to `process.env`. */
  readonly baseEnvironment?: NodeJS.ProcessEnv;
  /** Platform whose rules apply (spawn, teardown, terminal EOF); defaults to `process.platform`. */
  readonly platform?: NodeJS.Platform;
  /** Loads node-pty; a test seam for the "not installed" path. Defaults to a lazy dynamic import. */
  readonly importPty?: PtyImporter;
  /** Spawn planning seam; defaults to the execution layer's `planSpawn`. */
  readonly planSpawn?: PlanSpawnFunction;
  /** Tree teardown seam; defaults to the execution layer's `terminateTree`. */
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
