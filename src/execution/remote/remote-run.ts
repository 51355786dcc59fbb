import { randomBytes } from "node:crypto";
import { type ControlLine, ControlLineSplitter } from "./control-lines.js";
import type { EngineExec, EngineExit, RemoteEngine } from "./engine.js";
import { ExecutorError } from "./executor-error.js";
import { killScript } from "./kill-script.js";
import { remoteInvocation, shellArguments } from "./remote-invocation.js";
import { signalOfStatus } from "./signal-status.js";
import type { TargetFacts, TargetShell } from "./target-facts.js";

export interface RemoteRunRequest {
  readonly command: string;
  /** The working directory in the target; absent: where the engine starts commands. */
  readonly cwd?: string;
  /** Target variables the command must not see, and the variables set for it. */
  readonly unset: readonly string[];
  readonly set: Readonly<Record<string, string>>;
  /** `NAME=VALUE` markers the group kill also looks for (the run's and the instance's). */
  readonly markers: readonly string[];
  /** Keep stdin open for `write` (managed processes); otherwise it is at EOF from the start. */
  readonly stdin: boolean;
  readonly tty?: { readonly columns: number; readonly rows: number };
  readonly killBackgroundChildren: boolean;
  readonly graceMs: number;
  /** How long the output may keep coming after the shell reported its end. */
  readonly drainMs: number;
}

export interface RemoteRunHandlers {
  onStdout(chunk: Buffer): void;
  onStderr(chunk: Buffer): void;
}

/** What the group kill did, as local termination reports it. */
export interface RemoteTermination {
  /** Processes found before signalling, the group leader excluded. */
  readonly descendants: readonly number[];
  readonly forced: boolean;
  /** Target pids still alive after SIGKILL and the wait; empty when the tree is gone. */
  readonly survivors: readonly number[];
  /** Why the kill could not run, when it could not. */
  readonly errors: readonly string[];
}

/** How a remote run ended. Never a rejection: an engine failure is a value too. */
export interface RemoteRunEnd {
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
  /** Nothing of the command ran: the working directory is missing, the engine refused the program. */
  readonly notStarted?: { readonly reason: "cwd" | "engine"; readonly message: string };
  /** The connection broke while the command ran: how it ended is unknown (never read as exit 0). */
  readonly lost?: string;
  readonly backgroundChildren?: { readonly pids: readonly number[]; readonly killed: boolean };
  readonly termination?: RemoteTermination;
}

export interface RemoteRun {
  /** The run's process group in the target, once the wrapper reported it. */
  readonly pid: number | undefined;
  readonly finished: Promise<RemoteRunEnd>;
  /** Ends the whole tree in the target (TERM, grace, KILL, `setsid` escapes); idempotent. */
  terminate(): Promise<RemoteTermination>;
  readonly terminating: boolean;
  write(data: Buffer | string): Promise<void>;
  closeStdin(): Promise<void>;
  resize(columns: number, rows: number): Promise<void>;
}

/** How long the kill waits for the tree to vanish after SIGKILL. */
const KILL_WAIT_MS = 5000;
/** How long a kill waits for the wrapper's pid line before it goes by the markers alone. */
const PID_WAIT_MS = 5000;

export function controlToken(): string {
  return randomBytes(12).toString("hex");
}

interface KillOutput {
  readonly line?: Extract<ControlLine, { kind: "killed" }>;
  readonly exit: EngineExit;
}

/**
 * Runs the group kill in the target through a second exec and reads its report. Shared by a run's
 * `terminate` and the executor's `close()` sweep of the instance marker.
 */
export async function killInTarget(
  engine: RemoteEngine,
  shell: TargetShell,
  input: { readonly processGroup?: number; readonly markers: readonly string[]; readonly graceMs: number },
): Promise<RemoteTermination> {
  const token = controlToken();
  const script = killScript({
    token,
    ...(input.processGroup === undefined ? {} : { processGroup: input.processGroup }),
    markers: input.markers,
    graceMs: input.graceMs,
    killWaitMs: KILL_WAIT_MS,
  });
  let output: KillOutput;
  try {
    let line: KillOutput["line"];
    const splitter = new ControlLineSplitter(token, (parsed) => {
      if (parsed.kind === "killed") line = parsed;
    });
    const exec = await engine.exec(
      { argv: [...shellArguments(shell), "-c", script], stdin: false },
      { onStdout: (chunk) => splitter.push(chunk), onStderr: () => undefined },
    );
    const exit = await exec.ended;
    output = { exit, ...(line ? { line } : {}) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { descendants: [], forced: false, survivors: [], errors: [`the kill could not run: ${message}`] };
  }
  if (!output.line) {
    const why =
      output.exit.kind === "exited" ? `it exited with ${output.exit.exitCode ?? output.exit.signal}` : output.exit.message;
    return { descendants: [], forced: false, survivors: [], errors: [`the kill did not report (${why})`] };
  }
  const leader = input.processGroup;
  return {
    descendants: output.line.found.filter((pid) => pid !== leader),
    forced: output.line.forced,
    survivors: output.line.survivors,
    errors: [],
  };
}

/**
 * Runs one command in the target and watches it to the end, as `superviseRun` does locally:
 * completion is the shell's reported end plus a bounded drain — not the stream closing, which a
 * background child can hold open (dockerd then waits ~2 s, an SSH channel for ever). What
 * outlives the shell is ended by the group kill when `killBackgroundChildren` says so. Rejects
 * only when the engine would not create the exec (`ExecutorError`).
 */
export async function startRemoteRun(
  engine: RemoteEngine,
  facts: TargetFacts,
  request: RemoteRunRequest,
  handlers: RemoteRunHandlers,
): Promise<RemoteRun> {
  const shell = facts.shell;
  if (!shell) throw new ExecutorError("no-shell", "The target has no shell to run commands in.");
  const token = controlToken();
  const invocation = remoteInvocation({
    facts,
    shell,
    engineSetsEnvironment: engine.kind === "docker",
    command: request.command,
    token,
    ...(request.cwd === undefined ? {} : { cwd: request.cwd }),
    unset: request.unset,
    set: request.set,
  });

  let pid: number | undefined;
  let pidReported: () => void = () => undefined;
  const pidKnown = new Promise<void>((resolve) => {
    pidReported = resolve;
  });
  let cwdFailed = false;
  let end: Extract<ControlLine, { kind: "end" }> | undefined;
  let exec: EngineExec | undefined;
  let drainTimer: NodeJS.Timeout | undefined;
  let held = false;
  let streamEnded = false;

  const onLine = (line: ControlLine): void => {
    if (line.kind === "pid") {
      pid = line.pid;
      pidReported();
    } else if (line.kind === "cwd") cwdFailed = true;
    else if (line.kind === "end") {
      end = line;
      // The shell is done; what still holds the streams after the drain is a background child.
      drainTimer = setTimeout(() => {
        if (streamEnded) return;
        held = true;
        exec?.abandon();
      }, request.drainMs);
    }
  };
  const splitter = new ControlLineSplitter(token, onLine);
  const terminal = request.tty !== undefined;
  const deliverStdout = (chunk: Buffer) => {
    if (chunk.length > 0) handlers.onStdout(chunk);
  };
  exec = await engine.exec(
    {
      argv: invocation.argv,
      ...(Object.keys(invocation.env).length > 0 ? { env: invocation.env } : {}),
      stdin: request.stdin,
      ...(request.tty ? { tty: request.tty } : {}),
    },
    {
      // With a terminal the wrapper's lines arrive on the one terminal stream.
      onStdout: (chunk) => deliverStdout(terminal ? splitter.push(chunk) : chunk),
      onStderr: (chunk) => {
        const own = splitter.push(chunk);
        if (own.length > 0) handlers.onStderr(own);
      },
    },
  );
  const started = exec;

  let termination: Promise<RemoteTermination> | undefined;
  // A kill asked for (timeout, abort, bash_kill) rather than the sweep after the shell's end.
  let killRequested = false;
  const kill = (): Promise<RemoteTermination> => {
    termination ??= (async () => {
      // The group is the wrapper's pid; before it is known only the markers can find the run.
      await Promise.race([pidKnown, started.ended, delay(PID_WAIT_MS)]);
      return killInTarget(engine, shell, {
        ...(pid === undefined ? {} : { processGroup: pid }),
        markers: request.markers,
        graceMs: request.graceMs,
      });
    })();
    return termination;
  };
  const terminate = (): Promise<RemoteTermination> => {
    if (!end) killRequested = true;
    return kill();
  };

  const finished = (async (): Promise<RemoteRunEnd> => {
    const exit = await started.ended;
    streamEnded = true;
    if (drainTimer) clearTimeout(drainTimer);
    const rest = splitter.flush();
    if (rest.length > 0) (terminal ? deliverStdout : handlers.onStderr)(rest);
    if (cwdFailed) {
      return {
        exitCode: null,
        signal: null,
        notStarted: { reason: "cwd", message: `the working directory ${request.cwd} does not exist in the target` },
      };
    }
    if (exit.kind === "not-started" && pid === undefined) {
      return { exitCode: null, signal: null, notStarted: { reason: "engine", message: exit.message } };
    }
    let exitCode: number | null = null;
    let signal: NodeJS.Signals | null = null;
    if (exit.kind === "exited" && (exit.exitCode !== null || exit.signal !== null)) {
      exitCode = exit.exitCode;
      signal = exit.signal;
    } else if (end) {
      exitCode = end.status;
    }
    let backgroundChildren: RemoteRunEnd["backgroundChildren"];
    if (end && (held || end.jobs.length > 0) && !termination) {
      if (request.killBackgroundChildren) {
        const swept = await kill();
        if (swept.descendants.length > 0) backgroundChildren = { pids: swept.descendants, killed: true };
      } else {
        backgroundChildren = { pids: end.jobs, killed: false };
      }
    }
    const report = termination ? await termination : undefined;
    // Docker folds a signal death into 128+N, and the wrapper's own status does too: when
    // shellgate's kill ended the command, that status is the signal it sent.
    if (killRequested && signal === null && exitCode !== null) {
      const folded = signalOfStatus(exitCode);
      if (folded) {
        signal = folded;
        exitCode = null;
      }
    }
    if (exit.kind === "lost" && !end && !report) {
      return { exitCode: null, signal: null, lost: exit.message };
    }
    return {
      exitCode,
      signal,
      ...(backgroundChildren ? { backgroundChildren } : {}),
      ...(report ? { termination: report } : {}),
    };
  })();

  return {
    get pid() {
      return pid;
    },
    finished,
    terminate,
    get terminating() {
      return termination !== undefined;
    },
    write: (data) => started.write(data),
    closeStdin: () => started.closeStdin(),
    resize: (columns, rows) => started.resize(columns, rows),
  };
}

function delay(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds).unref());
}
