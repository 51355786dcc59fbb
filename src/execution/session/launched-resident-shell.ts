import { createRunMarker, type RunMarker } from "../environment/run-marker.js";
import {
  LaunchError,
  type LaunchExit,
  type Launched,
  type Launcher,
  type LaunchPlan,
} from "../launch/launcher.js";
import { ControlReader, type FrameRecord } from "./control-record.js";
import { createFrameNonce, createSessionSentinel, frameMarkers } from "./frame-markers.js";
import { commandLine, interruptedLine } from "./frame-script.js";
import { FrameStream } from "./frame-stream.js";
import { delay, EXIT_DRAIN_MS, resendUntilAnswered } from "./frame-timing.js";
import { ExitReportScanner, launchedStartupLine } from "./launched-frame-script.js";
import type { FrameEnd, FrameRequest, RunningFrame, ShellState } from "./resident-shell.js";
import type { SessionShell } from "./session-shell.js";
import type { CommandTermination } from "./terminate-command.js";

/**
 * How one command's tree is ended and listed where the shell runs, leaving the shell itself: in a
 * remote target by a second exec (no engine can signal an exec's children, and dropping the stream
 * kills nothing; see `remote/session/remote-shell-control.ts`). Pids are the target's. A shell on
 * this machine is a `ResidentShell`, which signals by pid itself.
 */
export interface ShellControl {
  /** A writable directory there for the shell's command file; absent: commands run under `eval`. */
  readonly temporaryDirectory?: string;
  /**
   * Builtins that put the pid this control's methods take into `__sg_pid` (Git Bash: its Windows
   * pid, from `/proc/$$/winpid`); absent: the shell's `$$`. A pid it cannot read is 0.
   */
  readonly pidLine?: string;
  /**
   * Ends what one command runs — the shell's descendants (its jobs, each in a process group of its
   * own) and whatever carries the command's marker (`setsid` escapes) — with SIGTERM, the grace,
   * then SIGKILL; with `interrupt`, SIGINT goes to the shell first, so it abandons the command line.
   */
  stopCommand(
    shellPid: number,
    marker: RunMarker,
    options: { readonly graceMs: number; readonly interrupt: boolean },
  ): Promise<CommandTermination>;
  /** What of one command is alive (after it finished): descendants of the shell, marker carriers. */
  commandMembers(shellPid: number, marker: RunMarker): Promise<readonly number[]>;
  /**
   * Ends the shell and everything below it, and what carries the last command's marker (a job
   * the shell left behind when it exited is no descendant any more); undefined when nothing could
   * be told.
   */
  endShell(
    shellPid: number,
    graceMs: number,
    marker: RunMarker | undefined,
  ): Promise<CommandTermination | undefined>;
}

export interface LaunchedShellOptions {
  readonly launcher: Launcher;
  /** A prepared start of `RESIDENT_SHELL_COMMAND` (environment built, markers in it). */
  readonly plan: LaunchPlan;
  readonly control: ShellControl;
  readonly graceMs: number;
  /** End what a command left running in the background once it finished (`kill_background_children`). */
  readonly killBackgroundChildren: boolean;
  /** How long the shell may take to answer its first line. Default 30 s. */
  readonly startTimeoutMs?: number;
  /** Called once the shell has ended. */
  readonly release?: () => void;
}

/** After the EXIT trap reported, how long the launch may take to report the exit itself. */
const EXIT_REPORT_MS = 3000;

/**
 * Text that may start something that outlives the command: a `&` that is not `&&`, `>&`, `&>`,
 * `<&` or `|&`, or the words that leave the job table. Narrower than a local shell's test, since
 * every look is an exec in a remote target.
 */
const MAY_ESCAPE = /(?<![&<>|])&(?![&>])|\b(?:setsid|nohup|disown)\b/;

type ShellExit = LaunchExit & { readonly trapStatus?: number };

/**
 * A resident bash on a launcher's two streams — a remote target's exec or channel kept open with
 * stdin: the same frames as `ResidentShell` (see `frame-script.ts`), the
 * descriptors made inside the shell by its first line (see `launched-frame-script.ts`), the command
 * given inline, and the command's tree ended by the `ShellControl` of the place it runs. Open it
 * with `LaunchedResidentShell.open`.
 */
export class LaunchedResidentShell implements SessionShell {
  readonly #options: LaunchedShellOptions;
  readonly #sentinel = createSessionSentinel();
  readonly #exitMarker = `\u001fshellgate-${this.#sentinel}-${createFrameNonce()}-exit\u001f`;
  readonly #stdout: FrameStream;
  readonly #stderr: FrameStream;
  readonly #control = new ControlReader();
  readonly #exitScanner = new ExitReportScanner(this.#exitMarker);
  /** True from the chunk in which stdout's frame ended: the control record follows it there. */
  #recordDue = true;
  #launched: Launched | undefined;
  #pid = 0;
  readonly #scriptPath: string | undefined;
  /** The marker of the command that ran last: what it left behind is ended with the shell. */
  #lastMarker: RunMarker | undefined;
  #onStdout: (chunk: Buffer) => void = () => undefined;
  #onStderr: (chunk: Buffer) => void = () => undefined;
  #onRecord: ((record: FrameRecord) => void) | undefined;
  #onStreamEnd: () => void = () => undefined;
  #reportTrapExit: (status: number) => void = () => undefined;
  readonly #trapExit: Promise<number>;
  #exit: ShellExit | undefined;
  #exited: Promise<ShellExit> = new Promise(() => undefined);
  #busy = false;
  #state: ShellState;
  #ending: Promise<void> | undefined;
  /** Background pids already reported as left running (`killBackgroundChildren` off). */
  readonly #reported = new Set<number>();

  private constructor(options: LaunchedShellOptions) {
    this.#options = options;
    this.#state = { cwd: options.plan.cwd, env: options.plan.env };
    // Each command is written there by the shell and sourced, as a local session sources its files.
    const directory = options.control.temporaryDirectory;
    this.#scriptPath =
      directory === undefined
        ? undefined
        : `${directory.replace(/\/+$/, "")}/shellgate-session-${createFrameNonce()}.sh`;
    this.#stdout = new FrameStream(
      (chunk) => this.#onStdout(chunk),
      () => this.#onStreamEnd(),
    );
    this.#stderr = new FrameStream(
      (chunk) => this.#onStderr(chunk),
      () => this.#onStreamEnd(),
    );
    this.#trapExit = new Promise((resolve) => {
      this.#reportTrapExit = resolve;
    });
  }

  /**
   * Launches the shell and waits for its start record. Rejects with the launcher's `LaunchError`
   * (nothing runs then), or with one when the shell ended or did not answer before its first line ran.
   */
  static async open(options: LaunchedShellOptions): Promise<LaunchedResidentShell> {
    const shell = new LaunchedResidentShell(options);
    await shell.#start();
    return shell;
  }

  async #start(): Promise<void> {
    const start = frameMarkers(this.#sentinel);
    this.#control.begin(start.record, start.done);
    const recorded = new Promise<FrameRecord>((resolve) => {
      this.#onRecord = resolve;
    });
    const launched = await this.#options.launcher.launch(this.#options.plan, {
      kind: "pipes",
      stdin: "open",
      onOutput: (stream, chunk) => this.#output(stream, chunk),
    });
    this.#launched = launched;
    this.#exited = launched.exited.then(async (exit) => {
      const trapStatus = this.#exitScanner.status;
      this.#exit = trapStatus === undefined ? exit : { ...exit, trapStatus };
      this.#options.release?.();
      return this.#exit;
    });
    const stdin = launched.stdin;
    if (!stdin) throw new LaunchError("ENOTSUP", "the launcher gave the resident shell no input to read");
    await stdin
      .write(launchedStartupLine(start, this.#exitMarker, this.#scriptPath, this.#options.control.pidLine))
      .catch(() => undefined);
    const timeoutMs = this.#options.startTimeoutMs ?? 30_000;
    let timer: NodeJS.Timeout | undefined;
    const first = await Promise.race([
      recorded.then((record) => ({ record })),
      this.#exited.then((exit) => ({ exit })),
      new Promise<{ timeout: true }>((resolve) => {
        timer = setTimeout(() => resolve({ timeout: true }), timeoutMs);
      }),
    ]);
    clearTimeout(timer);
    this.#onRecord = undefined;
    if ("record" in first) {
      this.#pid = first.record.status;
      this.#state = { cwd: first.record.cwd, env: first.record.env };
      return;
    }
    await this.#end();
    if ("exit" in first && first.exit.lost) throw new LaunchError("ECONNRESET", first.exit.lost);
    const how =
      "exit" in first
        ? `it ended (${first.exit.signal ?? `status ${first.exit.code ?? "unknown"}`}) before it read its first line`
        : `it did not answer its first line within ${timeoutMs / 1000} s`;
    throw new LaunchError("EIO", `the session's bash could not start: ${how}`);
  }

  #output(stream: "stdout" | "stderr" | "terminal", chunk: Buffer): void {
    if (stream === "stderr") {
      this.#stderr.push(chunk);
      return;
    }
    const status = this.#exitScanner.push(chunk);
    const wasDue = this.#recordDue;
    this.#stdout.push(chunk);
    // The record comes after stdout's end marker, so only from the chunk that ended the frame on;
    // the command's own output before it is never held in the reader.
    if (wasDue || this.#stdout.ended) {
      this.#recordDue = true;
      const record = this.#control.push(chunk);
      if (record) this.#onRecord?.(record);
    }
    if (status !== undefined) this.#reportTrapExit(status);
  }

  /** The shell's pid in the place it runs (the target's numbering). */
  get pid(): number {
    return this.#pid;
  }

  /** The session's random prefix of every frame marker (for tests: it is never given to the shell). */
  get sentinel(): string {
    return this.#sentinel;
  }

  get alive(): boolean {
    return this.#exit === undefined && this.#ending === undefined && this.#exitScanner.status === undefined;
  }

  get busy(): boolean {
    return this.#busy;
  }

  get state(): ShellState {
    return this.#state;
  }

  /** Resolves once the shell ended. */
  get whenExited(): Promise<unknown> {
    return this.#exited;
  }

  annotate(output: string): string {
    return this.#launched?.annotate(output) ?? "";
  }

  #write(text: string): void {
    if (this.#exit !== undefined) return;
    void this.#launched?.stdin?.write(text).catch(() => undefined);
  }

  /** The shell's end: the launch's exit, or the EXIT trap's report (then the launch's, briefly). */
  async #shellEnd(): Promise<ShellExit> {
    const first = await Promise.race([
      this.#exited,
      this.#trapExit.then((status) => ({ code: status, signal: null, trapStatus: status }) as ShellExit),
    ]);
    if (this.#exit !== undefined) return this.#exit;
    // A background child may hold the streams open past the shell: its own report is the end.
    return Promise.race([this.#exited, delay(EXIT_REPORT_MS).then(() => first)]);
  }

  run(request: FrameRequest): RunningFrame {
    if (this.#busy) throw new Error("a resident shell runs one command at a time");
    this.#busy = true;
    const marker = createRunMarker();
    this.#lastMarker = marker;
    const markers = frameMarkers(this.#sentinel);
    this.#onStdout = request.onStdout;
    this.#onStderr = request.onStderr;
    this.#stdout.begin(markers.start, markers.end);
    this.#stderr.begin(markers.start, markers.end);
    // The EXIT trap's report ends the frame too: it is never the command's output.
    this.#stdout.addEnd(this.#exitMarker);
    this.#control.begin(markers.record, markers.done);
    this.#recordDue = false;
    const recorded = new Promise<FrameRecord>((resolve) => {
      this.#onRecord = resolve;
    });
    const bothEnded = new Promise<void>((resolve) => {
      this.#onStreamEnd = () => {
        if (this.#stdout.ended && this.#stderr.ended) resolve();
      };
    });
    const streamsEnded = (): Promise<void> => Promise.race([bothEnded, delay(EXIT_DRAIN_MS)]);
    let interrupting: Promise<void> | undefined;
    let termination: CommandTermination | undefined;
    let endReason: string | undefined;
    const shellEnd = this.#shellEnd();
    this.#write(
      commandLine({
        text: request.command,
        ...(this.#scriptPath === undefined ? {} : { scriptPath: this.#scriptPath }),
        markers,
        exports: { [marker.name]: marker.value, ...(request.exports ?? {}) },
        ...(request.cd === undefined ? {} : { cd: request.cd }),
      }),
    );

    const finished = (async (): Promise<FrameEnd> => {
      const first = await Promise.race([
        recorded.then((record) => ({ record })),
        shellEnd.then((exit) => ({ exit })),
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
        const { exit } = first;
        // What the command left running dies with its session (a lost target is not reached).
        const left = exit.lost === undefined ? await this.#endTree() : undefined;
        await this.#end(true);
        return {
          kind: "shell-ended",
          code: exit.trapStatus ?? exit.code,
          signal: exit.trapStatus === undefined ? exit.signal : null,
          ...(endReason ? { reason: endReason } : {}),
          ...(exit.lost === undefined ? {} : { lost: exit.lost }),
          ...(termination ? { termination } : left ? { termination: left } : {}),
        };
      } finally {
        this.#onStdout = () => undefined;
        this.#onStderr = () => undefined;
        this.#onRecord = undefined;
        this.#onStreamEnd = () => undefined;
        this.#busy = false;
      }
    })();

    const interrupt = (): Promise<void> => {
      interrupting ??= (async () => {
        if (!this.alive) return;
        const { control, graceMs } = this.#options;
        const stop = (interruptShell: boolean) =>
          control
            .stopCommand(this.#pid, marker, { graceMs, interrupt: interruptShell })
            .catch(() => ({ pids: [], forced: false, survivors: [] }) as CommandTermination);
        termination = await stop(true);
        const again = frameMarkers(this.#sentinel);
        this.#stdout.addEnd(again.end);
        this.#stderr.addEnd(again.end);
        this.#control.addInterrupt(again.record, again.done);
        const line = interruptedLine(again);
        const answered = await resendUntilAnswered({
          answered: Promise.race([recorded, shellEnd]),
          send: () => this.#write(line),
          stopAgain: () => stop(false),
        });
        if (!answered) {
          endReason =
            "the shell did not come back after the command was stopped (the command may trap SIGINT, or exec'd a program), so the session was ended";
          await this.#end();
        }
      })();
      return interrupting;
    };

    return { marker, finished, interrupt };
  }

  /**
   * What a finished command left running: only looked up when the command could have started
   * something (its record lists a job, or its text has `&`, `setsid`, `nohup` or `disown`), since
   * the look costs a second exec in a remote target. Ended when `killBackgroundChildren`, else
   * reported once.
   */
  async #leftBehind(
    record: FrameRecord,
    marker: RunMarker,
    command: string,
  ): Promise<{ pids: readonly number[]; killed: boolean } | undefined> {
    const jobs = record.jobs.filter((job) => job !== this.#pid);
    const mayEscape = MAY_ESCAPE.test(command);
    if (!mayEscape && jobs.length === 0) return undefined;
    const { control, graceMs } = this.#options;
    const found = await control.commandMembers(this.#pid, marker).catch(() => [] as number[]);
    const fresh = found.filter((member) => !this.#reported.has(member));
    if (fresh.length === 0) return undefined;
    if (!this.#options.killBackgroundChildren) {
      for (const member of fresh) this.#reported.add(member);
      return { pids: [...fresh].sort((a, b) => a - b), killed: false };
    }
    const ended = await control
      .stopCommand(this.#pid, marker, { graceMs, interrupt: false })
      .catch(() => ({ pids: [] as number[] }));
    return { pids: [...new Set([...fresh, ...ended.pids])].sort((a, b) => a - b), killed: true };
  }

  async #endTree(): Promise<CommandTermination | undefined> {
    if (this.#pid === 0) return undefined;
    const report = await this.#options.control
      .endShell(this.#pid, this.#options.graceMs, this.#lastMarker)
      .catch(() => undefined);
    if (!report || (report.pids.length === 0 && report.survivors.length === 0)) return undefined;
    return report;
  }

  /**
   * Ends the shell and everything it runs (unless `treeEnded`: the caller did); resolves once the
   * launch ended, or soon after a shell that reported its exit. Idempotent.
   */
  #end(treeEnded = false): Promise<void> {
    this.#ending ??= (async () => {
      const launched = this.#launched;
      if (!launched) return;
      if (this.#exit === undefined) {
        await launched.stdin?.closeStdin().catch(() => undefined);
        if (!treeEnded) await this.#endTree();
        // A background child may hold the streams of a shell that is gone: not waited for long.
        const reported = this.#exitScanner.status !== undefined;
        await Promise.race([this.#exited, delay(reported || treeEnded ? 1000 : 5000)]);
        // A shell its control could not end (no pid was read) is ended with its launch's tree.
        if (this.#exit === undefined && !reported && this.#exitScanner.status === undefined) {
          await launched.terminate(this.#options.graceMs).catch(() => undefined);
        }
      }
      launched.abandonOutput();
      launched.release();
    })();
    return this.#ending;
  }

  close(): Promise<void> {
    return this.#end();
  }
}
