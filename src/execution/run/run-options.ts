import type { ShellResolution } from "../../../platforms/index.js";
import type { Verdict } from "../../safety/verdict.js";
import type { ConcurrencyCounter } from "../concurrency/concurrency-counter.js";
import type { SpillDirectory } from "../io/spill-directory.js";
import type { Sandbox } from "../sandbox/index.js";

/** Library options for one run; camelCase twins of the config keys, plus per-call inputs. */
export interface RunOptions {
  /** The shell to run in (from `resolveShell`). */
  readonly resolution: ShellResolution;
  /** The instance's working directory; relative `workdir`s resolve against it. Default `process.cwd()`. */
  readonly cwd?: string;
  /** This call's working directory (`workdir`). */
  readonly workdir?: string;
  /** Seconds, 1–3600. */
  readonly timeout?: number;
  /** Milliseconds (dsh shape). With `timeout` too, the earlier deadline wins. */
  readonly timeoutMs?: number;
  /** Used when neither is given (`timeout` config). Default 30. */
  readonly defaultTimeout?: number;
  /** Aborts the run (the tree is killed); combined with the deadline. */
  readonly signal?: AbortSignal;
  /** The base environment before scrubbing. Default `process.env`. */
  readonly env?: NodeJS.ProcessEnv;
  /** The caller's own variables: never scrubbed, beat the non-interactive defaults. */
  readonly envSet?: Readonly<Record<string, string>>;
  readonly envScrub?: boolean;
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
  /** The safety gate: a blocked command never spawns. */
  readonly check?: (command: string) => Verdict;
  /** A verdict the admission step already gave for this command; `check` is then not asked again. */
  readonly verdict?: Verdict;
  /** Shared `max_concurrent` slots. */
  readonly concurrency?: ConcurrencyCounter;
  /** The instance's OS sandbox; every start is enclosed by it. Absent: no sandbox. */
  readonly sandbox?: Sandbox;
}

export const RUN_DEFAULTS = {
  maxOutputBytes: 100_000,
  spillMaxBytes: 64 * 1024 * 1024,
  killBackgroundChildren: true,
  killGraceMs: 2000,
} as const;
