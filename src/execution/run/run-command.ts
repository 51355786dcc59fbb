import { OutputCollector } from "../io/output-collector.js";
import { spillDirectoryOf } from "../io/shared-spill-directory.js";
import { prepareStart } from "../prepare/prepare-start.js";
import { acquireSlot } from "./concurrency.js";
import { ExecutionError } from "./execution-error.js";
import { type OutputListener, RUN_DEFAULTS, type RunOptions } from "./run-options.js";
import type { RunResult } from "./run-result.js";
import { superviseRun } from "./supervise-run.js";
import { resolveTimeoutMs } from "./timeout.js";
import { untilDeadline } from "./until-deadline.js";

function notify(listener: OutputListener | undefined, stream: "stdout" | "stderr", chunk: Buffer): void {
  try {
    listener?.(stream, chunk);
  } catch {
    // A live view that fails must not change the run or what the model reads.
  }
}

function abortReason(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason.message : String(reason ?? "aborted");
}

/**
 * Runs one command in the foreground and resolves with its result. A non-zero exit, a timeout and
 * an abort all resolve; only infrastructure failures (blocked, bad cwd, no shell, spawn error,
 * aborted before start, concurrency limit) reject with `ExecutionError`, and then nothing runs.
 */
export async function runCommand(command: string, options: RunOptions): Promise<RunResult> {
  const timeoutMs = resolveTimeoutMs({
    timeoutSeconds: options.timeoutSeconds,
    timeout: options.timeout,
    timeoutMs: options.timeoutMs,
    defaultSeconds: options.defaultTimeout,
  });
  const prepared = await prepareStart(command, options);
  let release: () => void;
  try {
    if (options.signal?.aborted) {
      throw new ExecutionError(
        "aborted",
        `command aborted before it started: ${abortReason(options.signal)}`,
      );
    }
    release = acquireSlot(options.concurrency);
  } catch (error) {
    prepared.release();
    throw error;
  }
  try {
    const limit = options.maxOutputBytes ?? RUN_DEFAULTS.maxOutputBytes;
    const spillMaxBytes = options.spillMaxBytes ?? RUN_DEFAULTS.spillMaxBytes;
    const spillDirectory = spillDirectoryOf(options.spillDirectory);
    const stdout = new OutputCollector({ stream: "stdout", limit, spillDirectory, spillMaxBytes });
    const stderr = new OutputCollector({ stream: "stderr", limit, spillDirectory, spillMaxBytes });
    const started = Date.now();
    const supervised = superviseRun(prepared.plan, {
      onStdout: (chunk) => {
        stdout.push(chunk);
        notify(options.onOutput, "stdout", chunk);
      },
      onStderr: (chunk) => {
        stderr.push(chunk);
        notify(options.onOutput, "stderr", chunk);
      },
      killBackgroundChildren: options.killBackgroundChildren ?? RUN_DEFAULTS.killBackgroundChildren,
      graceMs: options.killGraceMs ?? RUN_DEFAULTS.killGraceMs,
      platform: options.resolution.platform,
      ...(options.drainMs === undefined ? {} : { drainMs: options.drainMs }),
      ...(options.launcher ? { launcher: options.launcher } : {}),
    });
    const { end, timedOut, aborted } = await untilDeadline({
      finished: supervised.finished,
      stop: () => supervised.terminate(),
      timeoutMs: timeoutMs,
      signal: options.signal,
    });
    if (end.launchError) {
      // A remote target refuses a missing directory at the launch (this machine's was checked).
      const remote = options.launcher !== undefined && !options.launcher.local;
      const code = remote && end.launchError.code === "ENOENT" ? "bad-cwd" : "spawn-failed";
      throw new ExecutionError(code, end.launchError.message);
    }
    if (end.lost !== undefined) throw new ExecutionError("target-lost", end.lost);
    const out = stdout.finish();
    const err = stderr.finish();
    // Named in the result: the caller may read them, so close() must leave them.
    if (out.truncated) spillDirectory.markNamed(out.spillPath);
    if (err.truncated) spillDirectory.markNamed(err.spillPath);
    const sandbox = prepared.trailer(`${out.text}\n${err.text}`);
    return {
      stdout: out.text,
      stderr: err.text,
      exitCode: end.exitCode,
      signal: end.signal,
      timedOut,
      aborted,
      durationMs: Date.now() - started,
      timeoutMs,
      truncated: { stdout: out.truncated, stderr: err.truncated },
      totalBytes: { stdout: out.totalBytes, stderr: err.totalBytes },
      spill: {
        ...(out.truncated ? { stdout: out.spillPath ?? null } : {}),
        ...(err.truncated ? { stderr: err.spillPath ?? null } : {}),
      },
      ...(out.binaryWithheld || err.binaryWithheld ? { binaryWithheld: true as const } : {}),
      ...(end.backgroundChildren ? { backgroundChildren: end.backgroundChildren } : {}),
      ...(end.termination && end.termination.survivors.length > 0
        ? { survivors: end.termination.survivors }
        : {}),
      ...(end.outputHeldOpen ? { outputHeldOpen: true as const } : {}),
      ...(sandbox ? { sandbox } : {}),
    };
  } finally {
    prepared.release();
    release();
  }
}
