import type { FrameMarkers } from "./frame-markers.js";
import { ansiCQuote } from "./shell-quote.js";

/**
 * The resident shell's file descriptors: the command's stdout and stderr pipes and the control pipe
 * for frame records. The shell's own 1 and 2 (prompts, job notices, `exit`) are not read.
 */
export const SESSION_FDS = { stdout: 3, stderr: 4, control: 5 } as const;

/** The status variable the frame reads `$?` into; unset again before the line ends. */
const STATUS = "__shellgate_status";

/**
 * The first line a resident shell reads. Interactive (`bash -i`, so an interrupt abandons the whole
 * command line rather than ending the shell) with everything interactive turned off: no prompts, no
 * history or history expansion; `set -m` gives each job its own process group; interactive bash
 * ignores SIGTERM, so `kill $$` is made to end it as it ends a fresh shell.
 */
export function startupLine(): string {
  return [
    "PS1= PS2= PS4='+ '",
    "unset PROMPT_COMMAND HISTFILE MAILCHECK",
    "set +H +o history -m",
    "trap 'exit 143' TERM",
  ]
    .join("; ")
    .concat("\n");
}

export interface CommandLineInput {
  /** The command's file, run with `.` (so `return` ends it early, and the shell is not interactive meanwhile). */
  readonly scriptPath?: string;
  /**
   * The command text, when the line carries it (a shell in a remote target, where writing a file
   * first would cost an exec): with `scriptPath`, the shell writes it there itself (`printf`, a
   * builtin) and sources it; without, it runs under `eval` — the same frame, but a top-level
   * `return` is an error then, and the shell stays interactive (`exit` says so on stderr).
   */
  readonly text?: string;
  readonly markers: FrameMarkers;
  /** Variables exported before the command (the run marker, the caller's own variables). */
  readonly exports: Readonly<Record<string, string>>;
  /** Where the command starts (`cd` first, which persists); absent: where the last one left off. */
  readonly cd?: string;
}

function printTo(fd: number, text: string): string {
  return `printf %s ${ansiCQuote(text)} >&${fd}`;
}

/**
 * The frame's tail: end markers on both streams, then the control record (status, directory, the
 * shell's jobs, the exported environment). Also the whole line sent after an interrupt, under its own nonce.
 */
export function frameTail(markers: FrameMarkers, status: string): string {
  const { stdout, stderr, control } = SESSION_FDS;
  return [
    printTo(stdout, markers.end),
    printTo(stderr, markers.end),
    `{ printf '%s%s\\n%s\\0' ${ansiCQuote(markers.record)} "${status}" "$PWD"; jobs -p; printf '\\0'; export -p; ${printTo(1, markers.done)}; } >&${control}`,
  ].join("; ");
}

/**
 * One command as one line: start markers, the optional `cd`, the command in a group with stdin
 * closed and its output on the stream pipes (the pipes' own descriptors and the control pipe are
 * closed inside), then the frame's tail. The group's redirections are undone after it, so an
 * `exec >file` in the command does not carry the next frame's markers away.
 */
export function commandLine(input: CommandLineInput): string {
  const { stdout, stderr, control } = SESSION_FDS;
  const exports = Object.entries(input.exports).map(([name, value]) => `export ${name}=${ansiCQuote(value)}`);
  const cd = input.cd === undefined ? [] : [`cd -- ${ansiCQuote(input.cd)} &&`];
  const run =
    input.scriptPath === undefined
      ? `eval ${ansiCQuote(input.text ?? "")}`
      : `. ${ansiCQuote(input.scriptPath)}`;
  const body = [...cd, run].join(" ");
  // `>|`: a command's `set -C` must not keep the next one from being written.
  const write =
    input.text !== undefined && input.scriptPath !== undefined
      ? [`printf %s ${ansiCQuote(input.text)} >|${ansiCQuote(input.scriptPath)}`]
      : [];
  return [
    // Reported here, so notices of earlier jobs are not printed inside this command's output.
    "jobs >/dev/null 2>&1",
    ...write,
    ...exports,
    printTo(stdout, input.markers.start),
    printTo(stderr, input.markers.start),
    // `$_` would hold the start marker (the last argument above); the command sees `:` instead.
    ":",
    `{ ${body}; } </dev/null >&${stdout} 2>&${stderr} ${stdout}>&- ${stderr}>&- ${control}>&-`,
    `${STATUS}=$?`,
    frameTail(input.markers, `$${STATUS}`),
    `unset ${STATUS}`,
  ]
    .join("; ")
    .concat("\n");
}

/**
 * The line sent after an interrupt abandoned a command line: it closes the frame under a nonce of
 * its own. If the command trapped the interrupt and ran on instead, its own tail comes first and
 * this one arrives between frames, where nothing is read.
 */
export function interruptedLine(markers: FrameMarkers): string {
  return `${frameTail(markers, "$?")}\n`;
}
