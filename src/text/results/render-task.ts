import type { KillOutcome, TaskRead, TaskSnapshot } from "../../execution/tasks/task-types.js";

/** `[status: running]`, `[status: completed, exit code: N]`, `[status: killed]` or `[status: killed by SIG…]`. */
export function renderTaskStatus(task: TaskSnapshot): string {
  if (task.status === "running") return "[status: running]";
  if (task.status === "completed") return `[status: completed, exit code: ${task.exitCode ?? 0}]`;
  // A kill we were asked for is "killed"; a signal nobody here sent is named.
  return task.signal && !task.killRequested ? `[status: killed by ${task.signal}]` : "[status: killed]";
}

/** The `bash_output` text: the delta (stderr in a marked section) or `(no new output)`, loss, status. */
export function renderTaskRead(read: TaskRead): string {
  let text = read.stdout;
  if (read.stderr.length > 0) {
    text = `${text}${text.length > 0 && !text.endsWith("\n") ? "\n" : ""}[stderr]\n${read.stderr}`;
  }
  if (text.length === 0) text = "(no new output)";
  if (read.lossy) {
    const paths = [read.spill.stdout, read.spill.stderr].filter(
      (entry): entry is string => typeof entry === "string",
    );
    const where = paths.length > 0 ? paths.join(", ") : "(unavailable)";
    text = `${text}${text.endsWith("\n") ? "" : "\n"}[some output was dropped from memory; full output: ${where}]`;
  }
  if (read.sandbox) text = `${text}${text.endsWith("\n") ? "" : "\n"}${read.sandbox}`;
  return `${text}${text.endsWith("\n") ? "" : "\n"}${renderTaskStatus(read.task)}`;
}

export function renderTaskStarted(task: TaskSnapshot): string {
  return `started background task ${task.id}`;
}

export function renderKill(outcome: KillOutcome): string {
  return outcome.killed
    ? `killed background task ${outcome.task.id}`
    : `task ${outcome.task.id} had already finished`;
}

/** The notice a host can inject into the owning session when a task finishes. */
export function renderTaskDoneNotice(task: TaskSnapshot): string {
  return `background bash task ${task.id} finished ${renderTaskStatus(task)}. Read its output with bash_output.`;
}
