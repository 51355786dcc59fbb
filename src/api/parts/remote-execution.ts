import { ConfigError } from "../../config/config-error.js";
import type { ShellgateConfig } from "../../config/schema.js";
import type { ConcurrencyCounter } from "../../execution/concurrency/concurrency-counter.js";
import type { Executor } from "../../execution/executor/executor.js";
import type { OpenedTarget } from "../../execution/remote/open-target.js";
import type { RemoteLauncher } from "../../execution/remote/remote-launcher.js";
import { SessionUnavailableError } from "../../execution/session/session-mode.js";
import { executorLimitsFromConfig, listenerErrorToLog, runOptionsFromConfig } from "../config-options.js";
import { remoteTargetOptionsFromConfig } from "../executor-options.js";
import type { InstanceGate } from "./instance-gate.js";
import { targetDirectory } from "./instance-target.js";

export interface RemoteExecution {
  readonly executor: Executor;
  /** The target's own environment: what the gate reads `$HOME` and the known variables from. */
  readonly environment: Readonly<Record<string, string>>;
  /**
   * The target's launcher, shared by the executor and the managed processes (`process_*`), so
   * those start in the target too, on its terminal when it has one; never on this machine.
   */
  readonly launcher: RemoteLauncher;
}

/**
 * The configured remote executor (config `executor` of kind docker, ssh or kubernetes), opened and
 * probed; undefined for the local executor. Rejects with one `ExecutorError` sentence naming what
 * to fix, with nothing left open. The engines' code is imported only for the configured kind.
 */
export async function openRemoteExecution(input: {
  readonly config: ShellgateConfig;
  readonly gate: InstanceGate;
  readonly concurrency: ConcurrencyCounter;
  /** This machine's environment: DOCKER_HOST, KUBECONFIG, SSH_AUTH_SOCK (never sent to the target). */
  readonly env: NodeJS.ProcessEnv;
  readonly log?: (line: string) => void;
}): Promise<RemoteExecution | undefined> {
  const { config } = input;
  const options = remoteTargetOptionsFromConfig(config.executor);
  if (options === undefined) return undefined;
  const { openRemoteTarget } = await import("../../execution/remote/open-target.js");
  const { createRemoteExecutor } = await import("../../execution/remote/remote-executor.js");
  const { createRemoteLauncher } = await import("../../execution/remote/remote-launcher.js");
  const opened: OpenedTarget = await openRemoteTarget(options, input.env);
  const launcher = createRemoteLauncher(opened.target);
  let executor: Executor;
  try {
    executor = remoteExecutor();
  } catch (error) {
    // `session: persistent` in a target without bash: refused with one sentence, nothing left open.
    await opened.close().catch(() => undefined);
    if (error instanceof SessionUnavailableError) throw new ConfigError(error.message, ["session"]);
    throw error;
  }
  return { executor, environment: opened.environment, launcher };

  function remoteExecutor(): Executor {
    return createRemoteExecutor(opened, {
      ...runOptionsFromConfig(config),
      launcher,
      cwd: targetDirectory(config.working_dir, opened.description),
      check: input.gate.check,
      concurrency: input.concurrency,
      ...executorLimitsFromConfig(config),
      onListenerError: listenerErrorToLog(input.log),
    });
  }
}
