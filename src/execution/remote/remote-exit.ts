import type { LaunchExit } from "../launch/launcher.js";
import type { ControlLine } from "./control-lines.js";
import type { EngineExit } from "./engine.js";
import { signalOfStatus } from "./signal-status.js";

/**
 * How a remote run ended, read as a local run of the same command would be. SSH reports a signal
 * apart; Docker and Kubernetes fold it into 128+N, which `exit 143` gives too. The wrapper's end
 * line (see `run-wrapper.ts`) tells them apart: a shell that exits on its own reports the status it
 * exits with, while one killed by a signal reports nothing (busybox ash, dash) or the status from
 * before the signal (bash runs the EXIT trap first). So a 128+N the end line does not confirm is a
 * signal death — as it is for a command that `exec`ed a program and so dropped the trap; a program
 * exiting 128+N by itself after an `exec` is the one case read as a signal wrongly. After
 * shellgate's own group kill (`sent`), its signals read as signals whatever the end line says: bash
 * may run the trap after its foreground child died of the same signal, with that child's 128+N.
 * With no status from the engine, the end line's is used; with neither, a lost connection says so,
 * never exit 0. Pure.
 */
export function remoteExit(
  exit: EngineExit,
  end: Extract<ControlLine, { kind: "end" }> | undefined,
  options: {
    readonly lostText: (message: string) => string;
    /** The signals shellgate's group kill sent to this run (none unless it was terminated). */
    readonly sent?: readonly NodeJS.Signals[];
  },
): LaunchExit {
  if (exit.kind === "exited" && exit.signal !== null) return { code: null, signal: exit.signal };
  if (exit.kind === "exited" && exit.exitCode !== null) {
    const signal = signalOfStatus(exit.exitCode);
    const ours = signal !== undefined && (options.sent ?? []).includes(signal);
    if (signal !== undefined && (ours || end?.status !== exit.exitCode)) return { code: null, signal };
    return { code: exit.exitCode, signal: null };
  }
  if (end) return { code: end.status, signal: null };
  if (exit.kind === "lost") return { code: null, signal: null, lost: options.lostText(exit.message) };
  return { code: null, signal: null };
}
