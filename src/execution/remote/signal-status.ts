/** Linux signal numbers: the targets' kernels, whatever this host is. */
const LINUX_SIGNALS: Readonly<Record<number, NodeJS.Signals>> = {
  1: "SIGHUP",
  2: "SIGINT",
  3: "SIGQUIT",
  4: "SIGILL",
  5: "SIGTRAP",
  6: "SIGABRT",
  7: "SIGBUS",
  8: "SIGFPE",
  9: "SIGKILL",
  10: "SIGUSR1",
  11: "SIGSEGV",
  12: "SIGUSR2",
  13: "SIGPIPE",
  14: "SIGALRM",
  15: "SIGTERM",
};

/** The signal a shell-style status 128+N stands for, or undefined for any other status. Pure. */
export function signalOfStatus(status: number): NodeJS.Signals | undefined {
  return status > 128 ? LINUX_SIGNALS[status - 128] : undefined;
}

/** An SSH `exit-signal` name ("TERM", "KILL") as Node spells it ("SIGTERM"). Pure. */
export function signalFromName(name: string): NodeJS.Signals | null {
  const spelled = name.startsWith("SIG") ? name : `SIG${name}`;
  return Object.values(LINUX_SIGNALS).includes(spelled as NodeJS.Signals)
    ? (spelled as NodeJS.Signals)
    : null;
}
