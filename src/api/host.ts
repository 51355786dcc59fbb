import type { HostFacts, ShellResolution } from "../../platforms/index.js";
import type { Executor } from "../execution/executor/executor.js";
import type { SandboxOptions } from "../execution/sandbox/index.js";
import type { QuestionAdmission } from "../managed/lifecycle/question-admission.js";
import type { Observer } from "../managed/observer/observer-event.js";
import type { Verdict } from "../safety/verdict.js";

/** What a host is asked before a command the gate allowed may run (`require_approval: true`). */
export interface ApprovalRequest {
  readonly command: string;
  /** The absolute working directory the command will run in. */
  readonly cwd: string;
  /** The safety gate's verdict (always `allowed: true` here: blocked commands are never asked about). */
  readonly verdict: Verdict;
  /** `run` (foreground), `background` (run_in_background) or `start` (a managed process). */
  readonly action: "run" | "background" | "start";
  /** A managed start's lifetime in seconds (its `timeout`, else the configured one). */
  readonly timeout?: number;
  /** Whether a managed start gets a terminal. */
  readonly pty?: boolean;
  readonly ownerId?: string;
}

/** `true` approves; `false` or `{ approved: false, reason }` refuses (the reason reaches the model). */
export type ApprovalAnswer = boolean | { readonly approved: boolean; readonly reason?: string };

/** The OS sandbox's host-side inputs: the `--sandbox` flag and the seams tests use. */
export interface SandboxHostOptions {
  /** `--sandbox off|auto|required` from a command line; beats `SHELLGATE_SANDBOX` and the config. */
  readonly mode?: string;
  /** Seam: what the host has (default: the library's own dependency check). */
  readonly probe?: SandboxOptions["probe"];
  /** Seam: the wrapper (default: `@anthropic-ai/sandbox-runtime`). */
  readonly wrap?: SandboxOptions["wrap"];
}

/**
 * The host's side of an instance: callbacks and seams that are code, never JSON config. Every
 * field is optional; the defaults run on this machine.
 */
export interface ShellgateHost {
  /** Receives managed-process events (`operations.observe`); never commands or stdin. */
  readonly observe?: Observer;
  /** Confirms answered questions a managed start names (`questions.admit`). */
  readonly admitQuestions?: QuestionAdmission;
  /** Asked for every allowed command when `require_approval` is on; without it such commands are refused. */
  approve?(request: ApprovalRequest): ApprovalAnswer | Promise<ApprovalAnswer>;
  /**
   * Run commands somewhere else (a container, a remote machine) behind the executor seam, without
   * changing what the model sees. Default: the local executor. The instance closes it on `close()`.
   */
  readonly executor?: Executor;
  /** A pre-resolved shell; skips resolution. */
  readonly shell?: ShellResolution;
  /** The machine facts shell resolution reads (a snapshot host in tests); defaults to this machine. */
  readonly platformHost?: HostFacts;
  /** The directory a relative `working_dir` resolves against; defaults to `process.cwd()`. */
  readonly cwd?: string;
  /** The environment commands start from (then scrubbed per config); defaults to `process.env`. */
  readonly env?: NodeJS.ProcessEnv;
  /** Diagnostics, one line each (the MCP server sends them to stderr). */
  log?(line: string): void;
  /** The OS sandbox's flag and seams (`sandbox` in the config is the policy). */
  readonly sandbox?: SandboxHostOptions;
}
