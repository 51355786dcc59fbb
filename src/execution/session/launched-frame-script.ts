import type { FrameMarkers } from "./frame-markers.js";
import { frameTail, SESSION_FDS, startupLine } from "./frame-script.js";
import { ansiCQuote } from "./shell-quote.js";

/**
 * The first line of a resident shell that has only the launcher's two streams (a remote target's
 * exec or channel): it makes the frame's descriptors from them — the command's stdout and the
 * control records on stdout, the command's stderr on stderr — makes the command file (when the target has a temporary
 * directory: each line writes its command there and sources it), and points the shell's own 1 and 2
 * (prompts, `[1] 4711` job notices, `exit`) at /dev/null, so the frame script runs unchanged. An
 * EXIT trap reports how the shell ends (a command's `exit`, a kill of `$$`), which no stream end
 * tells while a background child holds the output open (a command that redirected its stdout
 * away, or replaced the trap, leaves the stream's end to tell). Then the start record (`frameTail` with
 * the shell's pid as its status): the shell reads lines now, and the target numbers it so — or, with
 * `pidLine`, the pid that line puts in `$__sg_pid` (Git Bash: its Windows pid, which is what the
 * processes below it are found by). Pure.
 */
export function launchedStartupLine(
  start: FrameMarkers,
  exit: string,
  scriptPath?: string,
  pidLine?: string,
): string {
  const { stdout, stderr, control } = SESSION_FDS;
  // During a command the control descriptor is closed, and its stdout (the same stream) is 1.
  const print = `printf '%s%s\\n' ${ansiCQuote(exit)} "$__sg_exit"`;
  const remove = scriptPath === undefined ? "" : `; command rm -f -- ${ansiCQuote(scriptPath)}`;
  const report = `__sg_exit=$?; { ${print} >&${control}; } 2>/dev/null || ${print}${remove}`;
  return [
    `exec ${stdout}>&1 ${stderr}>&2 ${control}>&1 >/dev/null 2>&1`,
    startupLine().trimEnd(),
    // The command file is the shell's own (0600), made once: a subshell's umask goes with it.
    ...(scriptPath === undefined ? [] : [`(umask 077; : >|${ansiCQuote(scriptPath)})`]),
    `trap ${ansiCQuote(report)} EXIT`,
    ...(pidLine === undefined
      ? [frameTail(start, "$$")]
      : [pidLine, frameTail(start, "$__sg_pid"), "unset __sg_pid"]),
  ]
    .join("; ")
    .concat("\n");
}

/**
 * Finds the EXIT trap's report in one stream, whatever the chunking: the marker, the status, a
 * newline. Holds back no more than a marker's length between chunks. Pure: no I/O.
 */
export class ExitReportScanner {
  readonly #marker: Buffer;
  #held: Buffer = Buffer.alloc(0);
  #status: number | undefined;

  constructor(marker: string) {
    this.#marker = Buffer.from(marker, "utf8");
  }

  /** The status once the report was seen (and from then on). */
  get status(): number | undefined {
    return this.#status;
  }

  push(chunk: Buffer): number | undefined {
    if (this.#status !== undefined) return this.#status;
    const data = this.#held.length > 0 ? Buffer.concat([this.#held, chunk]) : chunk;
    const at = data.indexOf(this.#marker);
    if (at >= 0) {
      const rest = data.subarray(at + this.#marker.length);
      const newline = rest.indexOf(0x0a);
      if (newline >= 0) {
        const status = Number.parseInt(rest.subarray(0, newline).toString("latin1"), 10);
        this.#status = Number.isInteger(status) ? status : 1;
        this.#held = Buffer.alloc(0);
        return this.#status;
      }
      this.#held = Buffer.from(data.subarray(at, at + this.#marker.length + 16));
      return undefined;
    }
    const keep = Math.min(data.length, this.#marker.length - 1);
    this.#held = Buffer.from(data.subarray(data.length - keep));
    return undefined;
  }
}
