import { randomBytes } from "node:crypto";
import {
  remoteBackgroundUnavailableText,
  remoteDetachFailedText,
} from "../../text/executors/remote-texts.js";
import { LaunchError, type LaunchPlan } from "../launch/launcher.js";
import { prepareStart } from "../prepare/prepare-start.js";
import { ExecutionError } from "../run/execution-error.js";
import type { RunOptions } from "../run/run-options.js";
import type { DetachedStart } from "../run/start-detached.js";
import { detachedCommandText, detachedPid, remoteBackgroundPaths } from "./remote-background.js";
import { shellArguments } from "./remote-invocation.js";
import type { RemoteLauncher, RemoteTarget } from "./remote-launcher.js";

export interface RemoteDetachOptions extends Omit<RunOptions, "instanceMarker" | "launcher"> {
  readonly launcher: RemoteLauncher;
  /**
   * Whether the target goes at `close()` (a container shellgate created from `image`): nothing
   * started there can outlive shellgate, so a detached start is refused.
   */
  readonly ephemeral?: boolean;
}

/** The plan with its command (the argument after a POSIX shell plan's `-c`) rewritten. */
function withCommand(plan: LaunchPlan, rewrite: (command: string) => string): LaunchPlan {
  const at = plan.args.lastIndexOf("-c");
  if (at === -1 || at + 1 >= plan.args.length) {
    throw new ExecutionError(
      "no-shell",
      "a remote target runs commands through its shell, and this plan has none",
    );
  }
  const args = [...plan.args];
  args[at + 1] = rewrite(args[at + 1] as string);
  return { ...plan, args };
}

/**
 * `shellgate run --background` in a remote target: the command is prepared as every start is
 * (judged, its environment the target's, scrubbed), then one exec of the run wrapper detaches it
 * there with its log, exit status and record in a private directory of the target's temporary
 * directory (see `remote-background.ts`). That exec ends at once; nothing runs on this machine for
 * it, and it carries no instance marker, so `close()` leaves it running, as a local detached start
 * outlives shellgate. Resolves with the target's pid and paths; throws `ExecutionError`.
 */
export async function startRemoteDetached(
  target: RemoteTarget,
  command: string,
  options: RemoteDetachOptions,
): Promise<DetachedStart & { readonly target: string }> {
  const directory = target.facts.temporaryDirectory;
  if (options.ephemeral || directory === undefined) {
    throw new ExecutionError(
      "spawn-failed",
      remoteBackgroundUnavailableText(
        target.name,
        options.ephemeral ? "removed-at-close" : "no-temporary-directory",
      ),
    );
  }
  const paths = remoteBackgroundPaths(directory, randomBytes(12).toString("hex"));
  const { ephemeral: _ephemeral, ...runOptions } = options;
  const prepared = await prepareStart(command, { ...runOptions, exitStatusFile: paths.statusPath });
  const record = {
    command,
    startedAt: new Date().toISOString(),
    logPath: paths.logPath,
    statusPath: paths.statusPath,
  };
  const shell = shellArguments(target.facts.shell);
  const plan = withCommand(prepared.plan, (delivered) =>
    detachedCommandText({ prepared: delivered, shell, paths, record }),
  );
  const output: Record<"stdout" | "stderr", Buffer[]> = { stdout: [], stderr: [] };
  let launched: Awaited<ReturnType<RemoteLauncher["launch"]>>;
  try {
    launched = await options.launcher.launch(plan, {
      kind: "pipes",
      stdin: "closed",
      onOutput: (stream, chunk) => output[stream === "stderr" ? "stderr" : "stdout"].push(chunk),
    });
  } catch (error) {
    if (error instanceof LaunchError) {
      throw new ExecutionError(error.code === "ENOENT" ? "bad-cwd" : "spawn-failed", error.message);
    }
    throw error;
  }
  const exit = await launched.exited;
  await launched.drained;
  launched.release();
  const pid = detachedPid(Buffer.concat(output.stdout).toString("utf8"));
  if (pid === undefined) {
    const said = Buffer.concat(output.stderr).toString("utf8").trim();
    const why = exit.lost ?? (said || `the shell ended with ${exit.code ?? exit.signal ?? "no status"}`);
    throw new ExecutionError(
      exit.lost ? "target-lost" : "spawn-failed",
      remoteDetachFailedText(target.name, why),
    );
  }
  return { pid, logPath: paths.logPath, statusPath: paths.statusPath, target: target.name };
}
