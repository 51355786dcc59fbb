import type { Executor } from "../executor/executor.js";
import { createLocalExecutor, type LocalExecutorOptions } from "../executor/local-executor.js";
import type { OpenedTarget } from "./open-target.js";
import { createRemoteLauncher, type RemoteLauncher } from "./remote-launcher.js";
import { remoteShellControl } from "./session/remote-shell-control.js";
import { startRemoteDetached } from "./start-remote-detached.js";

export interface RemoteExecutorOptions
  extends Omit<LocalExecutorOptions, "resolution" | "env" | "target" | "sandbox"> {
  /** Where commands start in the target; default the target's own directory (`describe().cwd`). */
  readonly cwd?: string;
  /** The target's launcher, when the caller shares it (managed processes); default a new one. */
  readonly launcher?: RemoteLauncher;
}

/**
 * The executor for a probed remote target: the same executor as on this machine — admission, the
 * one prepare step, timeouts, output caps and spill, background tasks, owner fencing, done notices,
 * persistent sessions (a resident bash per owner in the target) — with the target's launcher under it. Commands start from the target's own environment (scrubbed
 * as here), in the target's directory, with its shell; nothing of this machine's environment goes
 * in. `close()` ends the tasks, then what escaped them (the instance marker, in the target), then
 * lets go of the engine — and returns even when the target is gone. Spill files stay on this
 * machine (`describe().spill` is `host`). `startDetached` (`run --background`) leaves the command
 * running in the target, its log and exit status in files there.
 */
export function createRemoteExecutor(opened: OpenedTarget, options: RemoteExecutorOptions): Executor {
  const launcher = options.launcher ?? createRemoteLauncher(opened.target);
  const cwd = options.cwd ?? opened.description.cwd;
  const description = { ...opened.description, cwd };
  const { launcher: _shared, ...rest } = options;
  // A detached start carries no instance marker: close() must leave it running.
  const { instanceMarker: _instance, ...unmarked } = rest;
  const env = { ...opened.environment };
  const executor = createLocalExecutor({
    ...rest,
    resolution: description.resolution,
    cwd,
    env,
    target: {
      description,
      launcher,
      endInstance: (graceMs) => launcher.endInstance(graceMs),
      close: () => opened.close(),
      sessionControl: remoteShellControl(opened.target),
    },
  });
  return {
    ...executor,
    startDetached: (spec) =>
      startRemoteDetached(opened.target, spec.command, {
        ...unmarked,
        resolution: description.resolution,
        cwd,
        env,
        workdir: spec.workdir,
        launcher,
        ephemeral: opened.ephemeral,
        ...(spec.env ? { envSet: spec.env } : {}),
        ...(spec.verdict ? { verdict: spec.verdict } : {}),
      }),
  };
}
