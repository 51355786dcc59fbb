import { blockedText } from "../../text/refusals/refusal-text.js";
import { OutputCollector } from "../io/output-collector.js";
import { spillDirectoryOf } from "../io/shared-spill-directory.js";
import { commandTextProblem, nulByteProblem } from "../prepare/command-text.js";
import { judgeStart } from "../prepare/judge-start.js";
import { assertWorkingDirectory } from "../prepare/working-directory.js";
import { acquireSlot } from "../run/concurrency.js";
import { ExecutionError } from "../run/execution-error.js";
import { RUN_DEFAULTS, type RunOptions } from "../run/run-options.js";
import type { RunResult } from "../run/run-result.js";
import { untilDeadline } from "../run/until-deadline.js";
import type { FrameEnd } from "./resident-shell.js";
import { SessionLimitError, type SessionPool } from "./session-pool.js";

export interface SessionRunOptions
  extends Pick<
    RunOptions,
    | "resolution"
    | "signal"
    | "onOutput"
    | "envSet"
    | "check"
    | "verdict"
    | "maxOutputBytes"
    | "spillMaxBytes"
    | "spillDirectory"
    | "concurrency"
  > {
  /** The owner (agent session) whose shell runs the command. */
  readonly owner: string | undefined;
  /** Absolute native directory the command starts in. */
  readonly workdir: string;
  readonly timeoutMs: number;
  /** The environment the gate reads before the owner has a shell (the instance's). */
  readonly baseEnv: NodeJS.ProcessEnv;
  /** How the shell spells a native directory (`/c/…` in Git Bash); identity on POSIX. */
  readonly shellPath?: (native: string) => string;
}

function notify(listener: RunOptions["onOutput"], stream: "stdout" | "stderr", chunk: Buffer): void {
  try {
    listener?.(stream, chunk);
  } catch {
    // A live view that fails must not change the run or what the model reads.
  }
}

/** The model-facing sentence for a shell that ended while its command ran. */
function shellEndedDetail(end: Extract<FrameEnd, { kind: "shell-ended" }>): string {
  if (end.reason) return end.reason;
  const how = end.signal ? `was killed by ${end.signal}` : `exited with status ${end.code ?? "unknown"}`;
  return `the shell ${how} during the previous command (exit, exec or killing $$ ends the session)`;
}

/**
 * Runs one foreground command in its owner's resident shell and shapes the same `RunResult` a
 * fresh run gives, plus the session's notices. Judged with the session's directory and exported
 * environment (what earlier `cd` and `export` did is the context now); rejects with
 * `ExecutionError` when nothing ran (blocked, bad directory, no room for a session).
 */
export async function runInSession(
  pool: SessionPool,
  command: string,
  options: SessionRunOptions,
): Promise<RunResult> {
  const textProblem = commandTextProblem(command);
  if (textProblem !== null) throw new ExecutionError("invalid-command", textProblem);
  const workdirProblem = nulByteProblem("working directory", options.workdir);
  if (workdirProblem !== null) throw new ExecutionError("bad-cwd", workdirProblem);
  const state = pool.state(options.owner);
  const verdict = judgeStart(
    command,
    { cwd: options.workdir, env: state?.env ?? options.baseEnv, shell: options.resolution },
    { verdict: options.verdict, check: options.check },
  );
  if (verdict && !verdict.allowed) throw new ExecutionError("blocked", blockedText(verdict), verdict);
  assertWorkingDirectory(options.workdir, options.workdir);
  if (options.signal?.aborted) throw new ExecutionError("aborted", "command aborted before it started");
  const releaseSlot = acquireSlot(options.concurrency);
  let lease: Awaited<ReturnType<SessionPool["acquire"]>>;
  try {
    lease = await pool.acquire(options.owner);
  } catch (error) {
    releaseSlot();
    if (error instanceof SessionLimitError) throw new ExecutionError("session-limit", error.message);
    throw error;
  }
  try {
    const { shell } = lease;
    const shellPath = options.shellPath ?? ((native: string) => native);
    const target = shellPath(options.workdir);
    const limit = options.maxOutputBytes ?? RUN_DEFAULTS.maxOutputBytes;
    const spillMaxBytes = options.spillMaxBytes ?? RUN_DEFAULTS.spillMaxBytes;
    const spillDirectory = spillDirectoryOf(options.spillDirectory);
    const stdout = new OutputCollector({ stream: "stdout", limit, spillDirectory, spillMaxBytes });
    const stderr = new OutputCollector({ stream: "stderr", limit, spillDirectory, spillMaxBytes });
    const started = Date.now();
    const frame = shell.run({
      command,
      ...(target === shell.state.cwd ? {} : { cd: target }),
      ...(options.envSet ? { exports: options.envSet } : {}),
      onStdout: (chunk) => {
        stdout.push(chunk);
        notify(options.onOutput, "stdout", chunk);
      },
      onStderr: (chunk) => {
        stderr.push(chunk);
        notify(options.onOutput, "stderr", chunk);
      },
    });
    const { end, timedOut, aborted } = await untilDeadline({
      finished: frame.finished,
      stop: () => frame.interrupt(),
      timeoutMs: options.timeoutMs,
      signal: options.signal,
    });
    const out = stdout.finish();
    const err = stderr.finish();
    if (out.truncated) spillDirectory.markNamed(out.spillPath);
    if (err.truncated) spillDirectory.markNamed(err.spillPath);
    const stopped = timedOut || aborted;
    let exitCode: number | null;
    let signal: NodeJS.Signals | null = null;
    const notices: string[] = lease.notice ? [lease.notice] : [];
    if (end.kind === "completed") {
      exitCode = end.record.status;
      if (stopped && end.record.interrupted) {
        exitCode = null;
        signal = end.termination?.forced ? "SIGKILL" : "SIGTERM";
      }
    } else if (end.lost !== undefined) {
      // As a fresh run reads a broken connection: how the command ended is unknown.
      pool.noteEnded(options.owner, "the connection to the target was lost during a command");
      throw new ExecutionError(
        "target-lost",
        `${end.lost} The session's shell is gone with it; the next call starts a new one.`,
      );
    } else {
      exitCode = end.code;
      signal = end.signal;
      const detail = shellEndedDetail(end);
      pool.noteEnded(options.owner, detail.replace("during the previous command", "during a command"));
      notices.push(
        `${detail.replace("the previous command", "this command")}; the session ended, and the next call starts a new shell`,
      );
    }
    const survivors = end.termination?.survivors ?? [];
    const sandbox = shell.annotate(`${out.text}\n${err.text}`);
    return {
      stdout: out.text,
      stderr: err.text,
      exitCode,
      signal,
      timedOut,
      aborted,
      durationMs: Date.now() - started,
      timeoutMs: options.timeoutMs,
      truncated: { stdout: out.truncated, stderr: err.truncated },
      totalBytes: { stdout: out.totalBytes, stderr: err.totalBytes },
      spill: {
        ...(out.truncated ? { stdout: out.spillPath ?? null } : {}),
        ...(err.truncated ? { stderr: err.spillPath ?? null } : {}),
      },
      ...(out.binaryWithheld || err.binaryWithheld ? { binaryWithheld: true as const } : {}),
      ...(end.kind === "completed" && end.backgroundChildren
        ? { backgroundChildren: end.backgroundChildren }
        : {}),
      ...(survivors.length > 0 ? { survivors } : {}),
      ...(sandbox ? { sandbox } : {}),
      ...(notices.length > 0 ? { session: notices.join("; ") } : {}),
    };
  } finally {
    lease.release();
    releaseSlot();
  }
}
