import type { RunResult } from "../../reports/run-result.js";

/** Where spill files are, as the model must read their paths. */
export interface SpillPlace {
  /** The commands run in a remote target and the spill files stay on the machine shellgate runs on. */
  readonly spillOnHost?: boolean;
}

/** A spill path, with where it is when the tools cannot open it there. */
export function spillPathText(spillPath: string, place: SpillPlace = {}): string {
  return place.spillOnHost ? `${spillPath} (on the machine shellgate runs on, not in the target)` : spillPath;
}

/** `[output truncated; full output: <path>]`, or `(unavailable)` when no safe copy exists. */
export function truncationNotice(spillPath: string | null | undefined, place: SpillPlace = {}): string {
  return `[output truncated; full output: ${spillPath ? spillPathText(spillPath, place) : "(unavailable)"}]`;
}

function appendLine(text: string, line: string): string {
  if (text.length === 0) return line;
  return `${text}${text.endsWith("\n") ? "" : "\n"}${line}`;
}

function backgroundLine(result: RunResult): string | undefined {
  const children = result.backgroundChildren;
  if (!children || children.pids.length === 0) return undefined;
  const pids = children.pids.join(", ");
  return children.killed
    ? `[background processes killed when the shell exited: ${pids}; use run_in_background for long-running work]`
    : `[background processes still running: ${pids}]`;
}

/** What a run or task left that was not seen to die: pids that outlived the kill, an unseen holder. */
export interface NotSeenToDie {
  readonly survivors?: readonly number[];
  readonly outputHeldOpen?: true;
}

/** The markers for what was not seen to die; none when everything that was found is gone. */
export function notSeenToDieMarkers(end: NotSeenToDie): string[] {
  const markers: string[] = [];
  if (end.survivors && end.survivors.length > 0) {
    markers.push(`[processes still running after the kill: ${end.survivors.join(", ")}]`);
  }
  if (end.outputHeldOpen) {
    markers.push(
      "[not seen to die: a process that left the process tree (setsid, without shellgate's markers) still held the output at the end; it may still be running]",
    );
  }
  return markers;
}

/**
 * The model's text for one run, with exactly the dsh markers: stdout, a `[stderr]` section,
 * `(no output)` when both are empty, per cut stream `[output truncated; full output: …]`, then
 * `[timed out after Nms]` (whenever the deadline fired) and `[killed by signal: X]` or
 * `[exit code: N]` for a non-zero exit. Pure.
 */
export function renderRunText(result: RunResult, place: SpillPlace = {}): string {
  let stdout = result.stdout;
  if (result.truncated.stdout) stdout = appendLine(stdout, truncationNotice(result.spill.stdout, place));
  let stderr = result.stderr;
  if (result.truncated.stderr) stderr = appendLine(stderr, truncationNotice(result.spill.stderr, place));
  let text = stdout;
  if (stderr.length > 0) {
    text = `${text}${text.length > 0 && !text.endsWith("\n") ? "\n" : ""}[stderr]\n${stderr}`;
  }
  if (text.length === 0) text = "(no output)";
  for (const marker of renderRunMarkers(result)) text = `${text}${text.endsWith("\n") ? "" : "\n"}${marker}`;
  return text;
}

/**
 * The end markers alone (`[timed out after Nms]`, `[killed by signal: X]` or `[exit code: N]`,
 * background processes), for a view that already showed the output as it arrived. Pure.
 */
export function renderRunMarkers(result: RunResult): string[] {
  const markers: string[] = [];
  if (result.timedOut) markers.push(`[timed out after ${result.timeoutMs}ms]`);
  if (result.signal) markers.push(`[killed by signal: ${result.signal}]`);
  else if (result.exitCode !== null && result.exitCode !== 0) markers.push(`[exit code: ${result.exitCode}]`);
  const background = backgroundLine(result);
  if (background) markers.push(background);
  markers.push(...notSeenToDieMarkers(result));
  if (result.sandbox) markers.push(result.sandbox);
  if (result.session) markers.push(`[session: ${result.session}]`);
  return markers;
}
