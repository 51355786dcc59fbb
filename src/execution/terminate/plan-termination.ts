import { systemProgramPath } from "../../../platforms/index.js";
/** One thing to do to end a process tree; carried out by `terminate-tree.ts`. */
export type TerminationStep =
  | { readonly type: "signal-group"; readonly pgid: number; readonly signal: NodeJS.Signals }
  | { readonly type: "signal-process"; readonly pid: number; readonly signal: NodeJS.Signals }
  | {
      readonly type: "command";
      readonly file: string;
      readonly args: readonly string[];
      readonly pid: number;
    };

export interface TerminationPlan {
  readonly method: "process-group" | "taskkill";
  /** Done first: the polite request (POSIX) or the tree kill (Windows, where there is no polite signal). */
  readonly first: readonly TerminationStep[];
  /** Done to whatever is still alive once the grace period has passed. */
  readonly afterGrace: readonly TerminationStep[];
  /** Done when a `first` command failed (Windows: `/T` could not walk the tree). */
  readonly fallback: readonly TerminationStep[];
}

export interface TerminationTarget {
  readonly pid: number;
  /** The process group to signal; the root's pid when it was spawned as a group leader. */
  readonly pgid?: number;
  /** Processes found in the tree before anything was signalled. */
  readonly descendants: readonly number[];
  readonly platform: NodeJS.Platform;
}

function taskkill(pid: number, args: readonly string[]): TerminationStep {
  return { type: "command", file: systemProgramPath("taskkill"), args: [...args, "/PID", String(pid)], pid };
}

/** Decides which signals or commands end a tree on a platform. Pure: no processes are touched. */
export function planTermination(target: TerminationTarget): TerminationPlan {
  const everyone = [target.pid, ...target.descendants.filter((pid) => pid !== target.pid)];
  if (target.platform === "win32") {
    return {
      method: "taskkill",
      // Windows has no SIGTERM a console program can trap, so the tree is ended at once.
      first: [taskkill(target.pid, ["/T", "/F"])],
      afterGrace: [],
      fallback: everyone.map((pid) => taskkill(pid, ["/F"])),
    };
  }
  const group = target.pgid ?? target.pid;
  const signalAll = (signal: NodeJS.Signals): TerminationStep[] => [
    { type: "signal-group", pgid: group, signal },
    ...everyone.map((pid): TerminationStep => ({ type: "signal-process", pid, signal })),
  ];
  return {
    method: "process-group",
    first: signalAll("SIGTERM"),
    afterGrace: signalAll("SIGKILL"),
    fallback: [],
  };
}
