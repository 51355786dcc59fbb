import type { KillOutcome, TaskRead, TaskSnapshot } from "../../reports/task-types.js";
import { notSeenToDieMarkers, type SpillPlace, spillPathText } from "./render-result.js";

/** `[status: running]`, `[status: completed, exit code: N]`, `[status: killed]` or `[status: killed by SIG…]`. */
export function renderTaskStatus(task: TaskSnapshot): string {
  if (task.status === "running") return "[status: running]";
  if (task.lost !== undefined) return `[status: unknown: ${task.lost}]`;
  if (task.status === "completed") return `[status: completed, exit code: ${task.exitCode ?? 0}]`;
  // A kill we were asked for is "killed"; a signal nobody here sent is named.
  return task.signal && !task.killRequested ? `[status: killed by ${task.signal}]` : "[status: killed]";
}

/** The `bash_output` text: the delta (stderr in a marked section) or `(no new output)`, loss, status. */
export function renderTaskRead(read: TaskRead, place: SpillPlace = {}): string {
  let text = read.stdout;
  if (read.stderr.length > 0) {
    text = `${text}${text.length > 0 && !text.endsWith("\n") ? "\n" : ""}[stderr]\n${read.stderr}`;
  }
  if (text.length === 0) text = "(no new output)";
  if (read.lossy) {
    const paths = [read.spill.stdout, read.spill.stderr].filter(
      (entry): entry is string => typeof entry === "string",
    );
    const where =
      paths.length > 0 ? paths.map((entry) => spillPathText(entry, place)).join(", ") : "(unavailable)";
    text = `${text}${text.endsWith("\n") ? "" : "\n"}[some output was dropped from memory; full output: ${where}]`;
  }
  if (read.sandbox) text = `${text}${text.endsWith("\n") ? "" : "\n"}${read.sandbox}`;
  for (const marker of notSeenToDieMarkers(read.task))
    text = `${text}${text.endsWith("\n") ? "" : "\n"}${marker}`;
  return `${text}${text.endsWith("\n") ? "" : "\n"}${renderTaskStatus(read.task)}`;
}

export function renderTaskStarted(task: TaskSnapshot): string {
  return `started background task ${task.id}`;
}

/** A kill's answer: "killed" only when everything found was seen to die. */
export function renderKill(outcome: KillOutcome): string {
  if (!outcome.killed) return `task ${outcome.task.id} had already finished`;
  const unseen = notSeenToDieMarkers(outcome.task);
  if (unseen.length === 0) return `killed background task ${outcome.task.id}`;
  return `stopped background task ${outcome.task.id}'s process tree, but not everything it started was seen to die:\n${unseen.join("\n")}`;
}

/** The notice a host can inject into the owning session when a task finishes. */
export function renderTaskDoneNotice(task: TaskSnapshot): string {
  const unseen = notSeenToDieMarkers(task);
  return `background bash task ${task.id} finished ${renderTaskStatus(task)}${unseen.length > 0 ? ` ${unseen.join(" ")}` : ""}. Read its output with bash_output.`;
}
