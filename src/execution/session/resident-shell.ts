import type { ChildProcess } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import type { ProcessJob } from "../containment/process-job.js";
import { createRunMarker, type RunMarker } from "../environment/run-marker.js";
import type { LaunchPlan } from "../launch/launcher.js";
import { jobOf, startProcess } from "../spawn/start-process.js";
import { listDescendants } from "../terminate/list-descendants.js";
import { isProcessAlive } from "../terminate/process-alive.js";
import { terminateTree } from "../terminate/terminate-tree.js";
import { ControlReader, type FrameRecord } from "./control-record.js";
import { findEnclosedShell } from "./enclosed-shell-pid.js";
import { createFrameNonce, createSessionSentinel, frameMarkers } from "./frame-markers.js";
import { commandLine, interruptedLine, SESSION_FDS, startupLine } from "./frame-script.js";
import { FrameStream } from "./frame-stream.js";
import { delay, EXIT_DRAIN_MS, resendUntilAnswered } from "./frame-timing.js";
import { RESIDENT_BASH_ARGS } from "./resident-bash-args.js";
import { type CommandTermination, commandMembers, terminateCommand } from "./terminate-command.js";

export { RESIDENT_BASH_ARGS };

/**
 * The command a resident shell is started with, through the one prepare step like any start (so
 * its environment is built and scrubbed, it carries the instance and run markers, and the sandbox
 * encloses it): the `bash -c` that runs it becomes the resident bash.
 */
export const RESIDENT_SHELL_COMMAND = `exec "$BASH" ${RESIDENT_BASH_ARGS.join(" ")}`;

/** What starting the shell takes: a prepared start's plan (or, in tests, bash itself). */
export type ResidentStart = Pick<
  LaunchPlan,
  "file" | "args" | "cwd" | "env" | "detached" | "windowsHide" | "crossSpawn"
>;

/** A plan that starts `bash` itself as the resident shell (no prepare step: tests, tools). */
export function directResidentStart(
  bash: string,
  cwd: string,
  env: Readonly<Record<string, string>>,
): ResidentStart {
  const windows = process.platform === "win32";
  return {
    file: bash,
    args: [...RESIDENT_BASH_ARGS],
    cwd,
    env,
    detached: !windows,
    windowsHide: true,
    crossSpawn: false,
  };
}

export interface ResidentShellOptions {
  readonly start: ResidentStart;
  /** A private directory (0700) for the command files the shell sources. */
  readonly scriptDirectory: string;
  /** How the shell spells a native path (Git Bash `/c/…`); identity on POSIX. */
  readonly shellPath?: (native: string) => string;
  readonly platform?: NodeJS.Platform;
  readonly graceMs: number;
  /** End what a command left running in the background once it finished (`kill_background_children`). */
  readonly killBackgroundChildren: boolean;
  /** What the enclosure says after a command's output (a sandbox denial); default nothing. */
  readonly annotate?: (output: string) => string;
  /** Called once the shell has ended (a sandbox registration is let go). */
  readonly release?: () => void;
  /**
   * The spawned process is the OS sandbox's wrapper (bubblewrap), and the bash runs below it in a
   * PID namespace of its own: commands are interrupted and their trees found below the bash's host
   * pid, and its `jobs -p` (namespace pids) are not read as host pids. Linux only.
   */
  readonly pidNamespace?: boolean;
}

/** One command as the session runs it. */
export interface FrameRequest {
  readonly command: string;
  /** Where the command starts (a `cd` that persists); absent: where the last one left off. */
  readonly cd?: string;
  /** Exported before the command (and so persisting). */
  readonly exports?: Readonly<Record<string, string>>;
  readonly onStdout: (chunk: Buffer) => void;
  readonly onStderr: (chunk: Buffer) => void;
}

/** How one frame ended. */
export type FrameEnd =
  /** The frame closed: the record says how the command ended and where the shell now is. */
  | {
      readonly kind: "completed";
      readonly record: FrameRecord;
      readonly termination?: CommandTermination;
      /** What the command left running after it finished, and whether it was ended. */
      readonly backgroundChildren?: { readonly pids: readonly number[]; readonly killed: boolean };
    }
  /** The shell itself ended during the command (`exit`, `exec`, a kill of `$$`, a crash). */
  | {
      readonly kind: "shell-ended";
      readonly code: number | null;
      readonly signal: NodeJS.Signals | null;
      /** Set when shellgate ended it (the command would not give the shell back). */
      readonly reason?: string;
      /**
       * Set when the connection to a remote target broke: the model-facing sentence. How the
       * command ended is unknown then, and the call reads as an infrastructure failure.
       */
      readonly lost?: string;
      readonly termination?: CommandTermination;
    };

export interface RunningFrame {
  readonly marker: RunMarker;
  readonly finished: Promise<FrameEnd>;
  /** Ends the command's tree (a timeout, an abort) and gives the shell back; idempotent. */
  interrupt(): Promise<void>;
}

/** What the session looks like between commands: the state the gate judges the next one in. */
export interface ShellState {
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
}

/**
 * One resident bash: started once, fed one framed command line at a time on its stdin, read on
 * three pipes (the command's stdout and stderr, the control records). See `frame-script.ts` for
 * the line and `frame-markers.ts` for why a command cannot end its own frame. POSIX only: a Windows
 * bash receives no descriptor above 2, so a Windows session is a `LaunchedResidentShell` over the
 * local launcher (see `windows-session-control.ts`).
 */
export class ResidentShell {
  readonly #child: ChildProcess;
  readonly #options: ResidentShellOptions;
  readonly #sentinel = createSessionSentinel();
  readonly #stdout: FrameStream;
  readonly #stderr: FrameStream;
  readonly #control = new ControlReader();
  readonly #job: ProcessJob | undefined;
  #onStdout: (chunk: Buffer) => void = () => undefined;
  #onStderr: (chunk: Buffer) => void = () => undefined;
  #onRecord: ((record: FrameRecord) => void) | undefined;
  #onStreamEnd: () => void = () => undefined;
  #exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  readonly #exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  #busy = false;
  #state: ShellState;
  #ending: Promise<void> | undefined;
  #spawnError: Error | undefined;
  /** The bash's host pid below the sandbox's wrapper, once found (`pidNamespace`). */
  #enclosedPid: number | undefined;
  /** Background pids already reported as left running (`killBackgroundChildren` off). */
  readonly #reported = new Set<number>();

  constructor(options: ResidentShellOptions) {
    this.#options = options;
    this.#state = { cwd: options.start.cwd, env: options.start.env };
    this.#stdout = new FrameStream(
      (chunk) => this.#onStdout(chunk),
      () => this.#onStreamEnd(),
    );
    this.#stderr = new FrameStream(
      (chunk) => this.#onStderr(chunk),
      () => this.#onStreamEnd(),
    );
    this.#child = startProcess(options.start, {
      env: { ...options.start.env },
      stdio: ["pipe", "ignore", "ignore", "pipe", "pipe", "pipe"],
    });
    this.ready = new Promise((resolve) => {
      this.#child.once("spawn", () => resolve(undefined));
      this.#child.on("error", (error) => resolve(error));
    });
    this.#job = jobOf(this.#child);
    this.#exited = new Promise((resolve) => {
      this.#child.once("exit", (code, signal) => {
        this.#exit = { code, signal };
        resolve(this.#exit);
        options.release?.();
      });
      this.#child.on("error", (error) => {
        this.#spawnError ??= error;
        if (this.#child.pid === undefined) {
          this.#exit = { code: null, signal: null };
          resolve(this.#exit);
        }
      });
    });
    const stream = (fd: number): Readable | undefined => this.#pipe(fd);
    stream(SESSION_FDS.stdout)?.on("data", (chunk: Buffer) => this.#stdout.push(chunk));
    stream(SESSION_FDS.stderr)?.on("data", (chunk: Buffer) => this.#stderr.push(chunk));
    stream(SESSION_FDS.control)?.on("data", (chunk: Buffer) => {
      const record = this.#control.push(chunk);
      if (record) this.#onRecord?.(record);
    });
    this.#child.stdin?.on("error", () => {
      // The shell ended; the exit event tells the story.
    });
    this.#write(startupLine());
  }

  /** Resolves once the shell runs, or with the error that kept it from starting. */
  readonly ready: Promise<Error | undefined>;

  /** What the enclosure says after a command's output; empty when it has nothing to say. */
  annotate(output: string): string {
    return this.#options.annotate?.(output) ?? "";
  }

  #pipe(fd: number): Readable | undefined {
    return (this.#child.stdio as readonly unknown[])[fd] as Readable | undefined;
  }

  get pid(): number | undefined {
    return this.#child.pid;
  }

  /** Resolves once the shell process exited. */
  get whenExited(): Promise<unknown> {
    return this.#exited;
  }

  /** The session's random prefix of every frame marker (for tests: it is never given to the shell). */
  get sentinel(): string {
    return this.#sentinel;
  }

  /** True until the shell exited (or was ended). */
  get alive(): boolean {
    return this.#exit === undefined && this.#ending === undefined;
  }

  get busy(): boolean {
    return this.#busy;
  }

  /** The directory and exported environment after the last command (the start's before any). */
  get state(): ShellState {
    return this.#state;
  }

  /** Why the shell could not start, when it could not. */
  get spawnError(): Error | undefined {
    return this.#spawnError;
  }

  /**
   * The bash's host pid: the spawned process itself, or — in a PID namespace — the bash found below
   * the wrapper (the wrapper's other descendants are the sandbox, never a command's tree).
   */
  async #shellPid(): Promise<number | undefined> {
    const pid = this.#child.pid;
    if (!this.#options.pidNamespace || pid === undefined) return pid;
    this.#enclosedPid ??= await findEnclosedShell(pid);
    return this.#enclosedPid;
  }

  #write(text: string): void {
    const stdin = this.#child.stdin as Writable | null;
    if (stdin && !stdin.destroyed && this.#exit === undefined) stdin.write(text);
  }

  /** Runs one command. One at a time: the caller queues. */
  run(request: FrameRequest): RunningFrame {
    if (this.#busy) throw new Error("a resident shell runs one command at a time");
    this.#busy = true;
    const marker = createRunMarker();
    const markers = frameMarkers(this.#sentinel);
    const scriptPath = path.join(this.#options.scriptDirectory, `command-${createFrameNonce()}.sh`);
    writeFileSync(scriptPath, request.command, { mode: 0o600 });
    this.#onStdout = request.onStdout;
    this.#onStderr = request.onStderr;
    this.#stdout.begin(markers.start, markers.end);
    this.#stderr.begin(markers.start, markers.end);
    this.#control.begin(markers.record, markers.done);
    const recorded = new Promise<FrameRecord>((resolve) => {
      this.#onRecord = resolve;
    });
    // The record is written after both end markers, but the three pipes are read independently.
    const bothEnded = new Promise<void>((resolve) => {
      this.#onStreamEnd = () => {
        if (this.#stdout.ended && this.#stderr.ended) resolve();
      };
    });
    const streamsEnded = (): Promise<void> => Promise.race([bothEnded, delay(EXIT_DRAIN_MS)]);
    let interrupting: Promise<void> | undefined;
    let termination: CommandTermination | undefined;
    let endReason: string | undefined;
    const shellPath = this.#options.shellPath ?? ((native: string) => native);
    this.#write(
      commandLine({
        scriptPath: shellPath(scriptPath),
        markers,
        exports: { [marker.name]: marker.value, ...(request.exports ?? {}) },
        ...(request.cd === undefined ? {} : { cd: request.cd }),
      }),
    );

    const finished = (async (): Promise<FrameEnd> => {
      const first = await Promise.race([
        recorded.then((record) => ({ record })),
        this.#exited.then((exit) => ({ exit })),
      ]);
      try {
        if ("record" in first) {
          await streamsEnded();
          if (interrupting) await interrupting;
          this.#state = { cwd: first.record.cwd, env: first.record.env };
          const left = await this.#leftBehind(first.record, marker, request.command);
          return {
            kind: "completed",
            record: first.record,
            ...(termination ? { termination } : {}),
            ...(left ? { backgroundChildren: left } : {}),
          };
        }
        await delay(EXIT_DRAIN_MS);
        this.#stdout.flush();
        this.#stderr.flush();
        if (interrupting) await interrupting;
        // What the command left running dies with its session.
        const left = await this.#endTree();
        return {
          kind: "shell-ended",
          code: first.exit.code,
          signal: first.exit.signal,
          ...(endReason ? { reason: endReason } : {}),
          ...(termination ? { termination } : left ? { termination: left } : {}),
        };
      } finally {
        rmSync(scriptPath, { force: true });
        this.#onStdout = () => undefined;
        this.#onStderr = () => undefined;
        this.#onRecord = undefined;
        this.#onStreamEnd = () => undefined;
        this.#busy = false;
      }
    })();

    const interrupt = (): Promise<void> => {
      interrupting ??= (async () => {
        if (this.#exit !== undefined) return;
        const pid = await this.#shellPid();
        if (pid === undefined) {
          endReason =
            "the sandboxed shell had not started when the command was stopped, so the session was ended";
          await this.#end();
          return;
        }
        // The interrupt first: the shell abandons the command line once its job is gone.
        try {
          process.kill(pid, "SIGINT");
        } catch {
          // gone already
        }
        termination = await terminateCommand(pid, marker, { graceMs: this.#options.graceMs });
        const again = frameMarkers(this.#sentinel);
        this.#stdout.addEnd(again.end);
        this.#stderr.addEnd(again.end);
        this.#control.addInterrupt(again.record, again.done);
        const line = interruptedLine(again);
        const answered = await resendUntilAnswered({
          answered: Promise.race([recorded, this.#exited]),
          send: () => this.#write(line),
          stopAgain: () => terminateCommand(pid, marker, { graceMs: this.#options.graceMs }),
        });
        if (!answered) {
          endReason =
            "the shell did not come back after the command was stopped (the command may trap SIGINT), so the session was ended";
          await this.#end();
        }
      })();
      return interrupting;
    };

    return { marker, finished, interrupt };
  }

  /**
   * What a finished command left running: the shell's jobs that are still alive, and — when the
   * command could have started something that left the job table (`( cmd & )`, `setsid`, `nohup`,
   * `disown`) — whatever carries its run marker. The marker scan reads every process's environment,
   * so a command with no `&` and none of those words is not scanned; what escapes anyway ends with
   * the session. Ended when `killBackgroundChildren`, else reported once.
   */
  async #leftBehind(
    record: FrameRecord,
    marker: RunMarker,
    command: string,
  ): Promise<{ pids: readonly number[]; killed: boolean } | undefined> {
    const pid = await this.#shellPid();
    if (pid === undefined) return undefined;
    // Inside a PID namespace `jobs -p` names namespace pids; what lives below the bash is the same set.
    const jobs = this.#options.pidNamespace
      ? (await listDescendants(pid).catch(() => [] as number[])).filter(isProcessAlive)
      : record.jobs.filter((job) => job !== pid && isProcessAlive(job));
    const mayEscape = /&|\b(?:setsid|nohup|disown)\b/.test(command);
    const found = mayEscape || jobs.length > 0 ? await commandMembers(pid, marker) : [];
    const fresh = [...new Set([...jobs, ...found])].filter((member) => !this.#reported.has(member));
    if (fresh.length === 0) return undefined;
    if (!this.#options.killBackgroundChildren) {
      for (const member of fresh) this.#reported.add(member);
      return { pids: fresh.sort((a, b) => a - b), killed: false };
    }
    const ended = await terminateCommand(pid, marker, { graceMs: this.#options.graceMs });
    return { pids: [...new Set([...fresh, ...ended.pids])].sort((a, b) => a - b), killed: true };
  }

  /** Ends the shell's whole tree (and its Job Object on Windows); undefined when nothing was left. */
  async #endTree(): Promise<CommandTermination | undefined> {
    const pid = this.#child.pid;
    if (pid === undefined) return undefined;
    const report = await terminateTree(pid, {
      graceMs: this.#options.graceMs,
      platform: this.#options.platform ?? process.platform,
      ...(this.#job ? { job: this.#job } : {}),
    });
    if (report.descendants.length === 0 && report.survivors.length === 0) return undefined;
    return { pids: report.descendants, forced: report.forced, survivors: report.survivors };
  }

  /** Ends the shell and everything it runs; resolves once the shell exited. Idempotent. */
  #end(): Promise<void> {
    this.#ending ??= (async () => {
      if (this.#exit === undefined) {
        this.#child.stdin?.end();
        await this.#endTree();
        await Promise.race([this.#exited, delay(5000)]);
      }
      this.#job?.close();
      for (const fd of [SESSION_FDS.stdout, SESSION_FDS.stderr, SESSION_FDS.control]) {
        this.#pipe(fd)?.destroy();
      }
    })();
    return this.#ending;
  }

  /** Ends the session: the running command, its background jobs and the shell. */
  close(): Promise<void> {
    return this.#end();
  }
}
