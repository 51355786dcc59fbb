import type { RunMarker } from "../environment/run-marker.js";
import type { SpawnPlan } from "../spawn/spawn-plan.js";
import type { TerminationReport } from "../terminate/terminate-tree.js";

/**
 * The launcher seam: the one place a prepared command becomes a running program. Everything above
 * it (timeouts, output caps, UTF-8 boundaries, the binary guard, spill files, owner fencing, done
 * notices, the managed lifecycle) is written once and never asks where the program runs; everything
 * below it (a local child over pipes, a local terminal, a Job Object, the OS sandbox, a container
 * exec, an SSH channel, a resident shell) is one implementation or a decorator of one.
 */
export interface Launcher {
  /**
   * Starts the plan with the given standard streams and resolves once it runs. Rejects with a
   * `LaunchError` when it could not start (nothing runs then, and nothing is left to clean up).
   */
  launch(plan: LaunchPlan, stdio: LaunchStdio): Promise<Launched>;
  /** Whether a `terminal` launch can work here (node-pty loads, the target offers a tty). */
  canLaunchTerminal(): Promise<boolean>;
  /**
   * Whether programs run against this machine's file system: then the prepare step checks the
   * working directory and writes a long command to a script file here (the local launcher, and a
   * test's in-memory stand-in for it). False for a remote target, which checks its own directories
   * and delivers a long command itself.
   */
  readonly local: boolean;
}

/**
 * A prepared start, as the launcher carries it out: the prepare step's plan with the environment
 * complete (built, scrubbed, the plan's own variables and the run marker merged in). A remote
 * launcher reads `file`, `args`, `cwd` and `env` in the target's terms and ignores the local flags.
 */
export interface LaunchPlan extends Omit<SpawnPlan, "env" | "pathPrepend" | "envDefaults"> {
  /** Every variable the program starts with; nothing else is inherited. */
  readonly env: Readonly<Record<string, string>>;
  /** Inherited by every process of this launch (also in `env`): how escaped processes are found. */
  readonly marker: RunMarker;
}

/** What one chunk of output came on. A terminal merges both streams into one. */
export type LaunchStream = "stdout" | "stderr" | "terminal";

/** Receives output as it arrives, in order per stream; must not throw. */
export type LaunchOutput = (stream: LaunchStream, chunk: Buffer) => void;

/** How the program's standard streams are connected. */
export type LaunchStdio =
  /**
   * Three pipes. `stdin: "closed"` is `/dev/null` (the plan's `stdinText`, when set, is written and
   * then closed); `"open"` keeps it open for `Launched.stdin`.
   */
  | { readonly kind: "pipes"; readonly stdin: "closed" | "open"; readonly onOutput: LaunchOutput }
  /** A real terminal (a POSIX pty, ConPTY on Windows); `Launched.pty` and `Launched.stdin` are set. */
  | {
      readonly kind: "terminal";
      readonly columns: number;
      readonly rows: number;
      readonly onOutput: LaunchOutput;
    }
  /**
   * Detached: stdin closed, stdout and stderr appended to `logPath` (null: discarded), and the
   * program outlives this process. `exited` may never settle; only `started` matters.
   */
  | { readonly kind: "detached"; readonly logPath: string | null };

/** How the program ended, in the target's terms (a Git Bash `signal << 8` already read as the signal). */
export interface LaunchExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  /**
   * A remote launch whose connection broke while it ran: the model-facing sentence. How the
   * program ended is unknown then, which must read as an infrastructure failure, never as exit 0.
   */
  readonly lost?: string;
}

/** Writing to the program's input (pipes with `stdin: "open"`, and every terminal). */
export interface StdinCapability {
  /** Resolves once the bytes were handed to the OS (or the transport); rejects when input is closed. */
  write(data: string | Uint8Array): Promise<void>;
  /**
   * Ends input: a pipe's half-close, or `eof` typed on a terminal (its EOF characters). Rejects
   * with a `LaunchError` of code `ENOTSUP` when the transport cannot end input alone (Kubernetes
   * over v4.channel.k8s.io); input then stays open.
   */
  closeStdin(eof?: string): Promise<void>;
  /** Drops input at once (a write that timed out): nothing queued may land later. */
  abort(): void;
}

/** What a terminal adds: the same input, plus its size and device. */
export interface PtyCapability extends StdinCapability {
  resize(columns: number, rows: number): void;
  /** The terminal device (`/dev/pts/3`), whose mode decides how EOF is typed; absent when unknown. */
  readonly device?: string;
  /**
   * The terminal's `stty -a` text, asked where the terminal is (a remote target's, whose device is
   * not on this machine); null when it cannot be told. Absent: `device` is asked here.
   */
  readonly settings?: () => Promise<string | null>;
}

/** One launched program. Every promise resolves (never rejects); every method is safe to call twice. */
export interface Launched {
  /** The OS process id on this machine; absent where there is none to give (a remote command). */
  readonly pid?: number;
  /** Resolves once the exit was observed. */
  readonly exited: Promise<LaunchExit>;
  /** Resolves once every output stream ended (a background child holding a pipe delays it). */
  readonly drained: Promise<void>;
  /**
   * Ends the whole tree: the polite signal, `graceMs`, then the kill; escapees found by the run
   * marker. Resolves once the tree is gone or the report names the survivors; undefined when
   * nothing was left to end.
   */
  terminate(graceMs: number): Promise<TerminationReport | undefined>;
  /**
   * After the exit: what of this launch is still alive (background children, `setsid` escapees
   * carrying the marker), as the target numbers them; empty when nothing is, or nothing can be known.
   */
  leftovers(): Promise<readonly number[]>;
  /** Stops reading output that will not drain in time. */
  abandonOutput(): void;
  /** Lets go of what the launch holds once it ended (an empty Job Object, a sandbox registration, a script file). */
  release(): void;
  /**
   * What the enclosure says after the output it produced (a sandbox denial marker); empty when it
   * has nothing to say.
   */
  annotate(output: string): string;
  readonly stdin?: StdinCapability;
  readonly pty?: PtyCapability;
}

/** A start that did not happen; the message is the model-facing sentence. */
export class LaunchError extends Error {
  override readonly name = "LaunchError";
  /** The OS error code when there was one (ENOENT, EACCES, E2BIG), else a launcher's own code. */
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}
