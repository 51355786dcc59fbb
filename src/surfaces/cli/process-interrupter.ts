import type { Interrupter, InterruptSignal } from "./interrupter.js";
import { INTERRUPT_SIGNALS, interruptExitCode } from "./interrupter.js";

/**
 * The real process's interrupter. A closed stdout (EPIPE) ends shellgate quietly with 141 — no
 * stack trace — or, while a command runs, reaches the watcher like a signal so the tree is stopped
 * first. SIGINT, SIGTERM and SIGHUP are only taken over during a watch; otherwise Node's default
 * (exit at once) is right, because nothing is running that could be left behind.
 */
export function processInterrupter(target: NodeJS.Process = process): Interrupter {
  const watchers = new Set<(signal: InterruptSignal) => void>();
  let stdoutClosed = false;
  target.stdout.on("error", (error: NodeJS.ErrnoException) => {
    // Every later write fails the same way once the reader is gone; one report is enough.
    if (stdoutClosed) return;
    if (error.code !== "EPIPE" && error.code !== "ERR_STREAM_DESTROYED") throw error;
    stdoutClosed = true;
    if (watchers.size === 0) target.exit(interruptExitCode("SIGPIPE"));
    for (const watcher of watchers) watcher("SIGPIPE");
  });
  return {
    get stdoutClosed() {
      return stdoutClosed;
    },
    watch(onInterrupt) {
      watchers.add(onInterrupt);
      const handlers = INTERRUPT_SIGNALS.map((signal) => {
        const handler = (): void => onInterrupt(signal);
        target.on(signal, handler);
        return [signal, handler] as const;
      });
      return () => {
        watchers.delete(onInterrupt);
        for (const [signal, handler] of handlers) target.off(signal, handler);
      };
    },
  };
}
