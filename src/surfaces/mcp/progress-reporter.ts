import type { ToolCallContext } from "../../tools/tool-definition.js";
import { OutputTail } from "./output-tail.js";

/** An MCP `notifications/progress` for the client's token: a count that only grows, and the latest lines. */
export interface ProgressNotification {
  readonly method: "notifications/progress";
  readonly params: { progressToken: string | number; progress: number; message: string };
}

export interface ProgressReporter {
  /** The listener the tool call gets. */
  readonly onOutput: NonNullable<ToolCallContext["onOutput"]>;
  stop(): void;
}

/**
 * Reports a long foreground command's latest output lines to the client every `intervalMs` while
 * new output arrives: a command that finishes sooner sends nothing, and nothing is sent twice.
 */
export function progressReporter(
  progressToken: string | number,
  send: (notification: ProgressNotification) => Promise<void>,
  intervalMs: number,
): ProgressReporter {
  const tail = new OutputTail();
  let changed = false;
  let progress = 0;
  const timer = setInterval(() => {
    if (!changed) return;
    changed = false;
    progress += 1;
    send({
      method: "notifications/progress",
      params: { progressToken, progress, message: tail.lines() },
    }).catch(
      () => undefined, // a client that went away gets its answer (or not) through the call itself
    );
  }, intervalMs);
  timer.unref();
  return {
    onOutput(stream, chunk) {
      tail.push(stream, chunk);
      changed = true;
    },
    stop: () => clearInterval(timer),
  };
}
