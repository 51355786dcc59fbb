import type { ToolCallContext, ToolResult } from "../../tools/tool-definition.js";
import { callDirectory, sessionDirectory } from "../working-directory.js";
import type { ToolRuntime } from "./tool-runtime.js";

export interface CommandRequest {
  readonly command: string;
  readonly workdir?: string;
  readonly timeoutMs?: number;
  readonly background: boolean;
  /** Appended to the "started background task" line: how this tool shape reads and stops it. */
  readonly backgroundHint: string;
}

/**
 * The shared body of every `bash` shape: resolve the directory, admit (gate and approval), then run
 * in the foreground or start a background task. A non-zero exit is a result; an abort and an
 * infrastructure failure are errors.
 */
export async function runBashCall(
  runtime: ToolRuntime,
  request: CommandRequest,
  context: ToolCallContext,
): Promise<ToolResult> {
  const owner = context.ownerId;
  // session: persistent — the owner's shell is where the command starts, in the directory and with
  // the environment earlier commands left (background tasks start fresh in that directory).
  const session = runtime.execution.executor.sessions?.state(owner);
  const start = session?.cwd ?? sessionDirectory(runtime.cwd, context.cwd);
  const cwd = callDirectory(start, request.workdir, runtime.platform);
  const admission = await runtime.admit({
    command: request.command,
    cwd,
    action: request.background ? "background" : "run",
    ...(owner !== undefined ? { ownerId: owner } : {}),
    ...(session && !request.background ? { env: session.env } : {}),
  });
  if (!admission.allowed) return { text: admission.reason, isError: true };
  if (request.background) {
    // No signal: the task outlives this call and stops on bash_kill or close().
    const started = await runtime.execution.start({
      command: request.command,
      workdir: cwd,
      owner,
      verdict: admission.verdict,
    });
    return {
      text: `${started.text}${request.backgroundHint}`,
      isError: false,
      structured: { ...started.structured, background: true },
    };
  }
  const outcome = await runtime.execution.run({
    command: request.command,
    workdir: cwd,
    ...(request.timeoutMs !== undefined ? { timeoutMs: request.timeoutMs } : {}),
    ...(context.signal ? { signal: context.signal } : {}),
    ...(context.onOutput ? { onOutput: context.onOutput } : {}),
    owner,
    verdict: admission.verdict,
  });
  const structured = { ...outcome.structured, background: false };
  // An abort is the caller's doing, not the command's result: an error, as in the dsh contract.
  if (outcome.structured.aborted === true) {
    return {
      text: `${outcome.text}\n[command aborted: the call was cancelled and its process tree stopped]`,
      isError: true,
      structured,
    };
  }
  return { text: outcome.text, isError: false, structured };
}
