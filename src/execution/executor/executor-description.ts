import type { ShellResolution } from "../../../platforms/index.js";

/** Where an executor's commands run. */
export type ExecutorLocation = "local" | "docker" | "ssh" | "kubernetes";

/**
 * The facts an executor owns about where its commands run. `createShellgate` takes everything it
 * tells the model or the safety gate about the target from here: the description paragraph, the
 * platform whose path rules a `workdir` follows, the home the gate reads `~` against, and where
 * spill files can be opened. Nothing of this machine leaks in for a target that is not this machine.
 */
export interface ExecutorDescription {
  readonly location: ExecutorLocation;
  /** The shell commands run in, resolved on the target: its `platform` is the target's. */
  readonly resolution: ShellResolution;
  /** Where commands start unless a call names another directory; absolute, in the target's spelling. */
  readonly cwd: string;
  /** `$HOME` as commands see it on the target; absent when it cannot be known. */
  readonly home?: string;
  /** The user commands run as on the target; absent when it cannot be known. */
  readonly user?: string;
  /** Which target, for people and logs: a container name, `user@host`, `namespace/pod`. Absent for local. */
  readonly target?: string;
  /**
   * One sentence on what separates commands from the machine shellgate runs on (a container's own
   * file system, another host); absent for local, where the OS sandbox paragraph says it.
   */
  readonly isolation?: string;
  /**
   * Where spill files (the full output behind a truncated result) are kept: `target` — on the
   * target, so the model can open the named path with the same tools; `host` — on the machine
   * shellgate runs on, which the result text then says, since the tools cannot open it there.
   */
  readonly spill: "target" | "host";
}
