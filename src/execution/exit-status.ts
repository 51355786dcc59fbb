import type { ShellKind } from "../../platforms/index.js";

/** Cygwin's signal numbers (winsup/cygwin/include/cygwin/signal.h), by the names Node knows. */
const CYGWIN_SIGNALS: Readonly<Record<number, NodeJS.Signals>> = {
  1: "SIGHUP",
  2: "SIGINT",
  3: "SIGQUIT",
  4: "SIGILL",
  5: "SIGTRAP",
  6: "SIGABRT",
  8: "SIGFPE",
  9: "SIGKILL",
  10: "SIGBUS",
  11: "SIGSEGV",
  12: "SIGSYS",
  13: "SIGPIPE",
  14: "SIGALRM",
  15: "SIGTERM",
  16: "SIGURG",
  17: "SIGSTOP",
  18: "SIGTSTP",
  19: "SIGCONT",
  20: "SIGCHLD",
  21: "SIGTTIN",
  22: "SIGTTOU",
  23: "SIGIO",
  24: "SIGXCPU",
  25: "SIGXFSZ",
  26: "SIGVTALRM",
  27: "SIGPROF",
  28: "SIGWINCH",
  30: "SIGUSR1",
  31: "SIGUSR2",
};

export interface ExitStatus {
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
}

/**
 * The exit status as the model should read it. A Cygwin-family program (Git Bash, MSYS2, Cygwin)
 * ended by a signal reaches a native parent as `signal << 8`, because Cygwin byte-swaps its wait
 * status for non-Cygwin parents (pinfo.cc): SIGKILL arrives as exit code 2304. Such a code is
 * turned back into the signal; every other status is kept. Pure.
 */
export function decodeExitStatus(
  shell: ShellKind,
  platform: NodeJS.Platform,
  status: ExitStatus,
): ExitStatus {
  const { exitCode } = status;
  const cygwinFamily =
    platform === "win32" && (shell === "gitbash" || shell === "cygwin" || shell === "bash");
  if (!cygwinFamily || status.signal !== null || exitCode === null) return status;
  if (exitCode <= 0xff || exitCode > 0xffff || (exitCode & 0xff) !== 0) return status;
  const signal = CYGWIN_SIGNALS[(exitCode >> 8) & 0x7f]; // 0x80 is the core-dump flag
  return signal ? { exitCode: null, signal } : status;
}
