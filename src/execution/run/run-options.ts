import type { ShellResolution } from "../../../platforms/index.js";
import type { Verdict } from "../../safety/verdict.js";
import type { ConcurrencyCounter } from "../concurrency/concurrency-counter.js";
import type { SpillDirectory } from "../io/spill-directory.js";
import type { Launcher } from "../launch/launcher.js";
import type { StartCheck } from "../prepare/judge-start.js";
import type { Sandbox } from "../sandbox/index.js";

/** A live view of a run's output; it may not throw into the run (a throw is ignored). */
export type OutputListener = (stream: "stdout" | "stderr", chunk: Buffer) => void;

/** Library options for one run; camelCase twins of the config keys, plus per-call inputs. */
export interface RunOptions {
  /** The shell to run in (from `resolveShell`). */
  readonly resolution: ShellResolution;
  /** The instance's working directory; relative `workdir`s resolve against it. Default `process.cwd()`. */
  readonly cwd?: string;
  /** This call's working directory (`workdir`). */
  readonly workdir?: string;
  /** The deadline in seconds, 1–3600. */
  readonly timeoutSeconds?: number;
  /** @deprecated The older name of `timeoutSeconds`; still honoured. */
  readonly timeout?: number;
  /** The deadline in milliseconds, 1000–3,600,000 (dsh shape). With seconds too, the earlier wins. */
  readonly timeoutMs?: number;
  /** Used when neither is given (`timeout` config). Default 30. */
  readonly defaultTimeout?: number;
  /** Aborts the run (the tree is killed); combined with the deadline. */
  readonly signal?: AbortSignal;
  /** Sees every chunk as it arrives (a terminal, a progress view); what is kept and returned is unchanged. */
  readonly onOutput?: OutputListener;
  /** The base environment before scrubbing. Default `process.env`. */
  readonly env?: NodeJS.ProcessEnv;
  /** The caller's own variables: never scrubbed, beat the non-interactive defaults. */
  readonly envSet?: Readonly<Record<string, string>>;
  /** The executor instance's marker, inherited by everything it starts, so `close()` finds escapees. */
  readonly instanceMarker?: { readonly name: string; readonly value: string };
  /** Credential scrubbing: true (the rules), false (off), or the rules plus these name patterns. */
  readonly envScrub?: boolean | readonly string[];
  /** Names kept although the rules call them credentials (`env_keep` and `env_allow`). */
  readonly envAllow?: readonly string[];
  readonly envDeny?: readonly string[];
  /** Bytes shown per stream before truncation. Default 100,000. */
  readonly maxOutputBytes?: number;
  /** Cap of each spill file. Default 64 MiB. */
  readonly spillMaxBytes?: number;
  /** Where spill directories are created (a path), or a shared directory object. Default the OS temp dir. */
  readonly spillDirectory?: string | SpillDirectory;
  /** Kill processes that outlive the shell (`cmd &`). Default true. */
  readonly killBackgroundChildren?: boolean;
  /** SIGTERM → SIGKILL grace. Default 2000 ms. */
  readonly killGraceMs?: number;
  /** Pipe drain after the shell exited. Default 250 ms. */
  readonly drainMs?: number;
  /**
   * The safety gate (`createSafetyGate(...).check` fits): asked with the command and the context it
   * starts in (the directory, the environment, the shell), so a blocked command never spawns.
   * Without it nothing is judged.
   */
  readonly check?: StartCheck;
  /**
   * The admission step's verdict for this command (`shellgate.admit`): honoured when it judged this
   * command in this directory, so `check` is not asked again; any other allowing verdict is judged
   * again, and a blocking one always refuses.
   */
  readonly verdict?: Verdict;
  /** Shared `max_concurrent` slots. */
  readonly concurrency?: ConcurrencyCounter;
  /** The instance's OS sandbox; every start is enclosed by it. Absent: no sandbox. */
  readonly sandbox?: Sandbox;
  /**
   * Where commands run: this machine's launcher by default; a remote target's, whose directories
   * are the target's (not checked here: the launcher refuses a missing one) and which delivers a
   * long command itself, so no script file is written here (`Launcher.local`).
   */
  readonly launcher?: Launcher;
}

export const RUN_DEFAULTS = {
  maxOutputBytes: 100_000,
  spillMaxBytes: 64 * 1024 * 1024,
  killBackgroundChildren: true,
  killGraceMs: 2000,
} as const;
