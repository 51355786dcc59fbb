import { remoteTargetOptionsFromConfig } from "../../api/executor-options.js";
import type { ShellgateConfig } from "../../config/schema.js";
import type { OpenedTarget } from "../../execution/remote/open-target.js";

/**
 * Runs `use` with the configured remote target opened and probed (undefined for the local
 * executor), and closes it afterwards. The engines' code is imported only when one is configured.
 */
export async function withExecutorTarget<T>(
  config: ShellgateConfig,
  env: NodeJS.ProcessEnv,
  use: (target: OpenedTarget | undefined) => Promise<T>,
): Promise<T> {
  const options = remoteTargetOptionsFromConfig(config.executor);
  if (options === undefined) return use(undefined);
  const { openRemoteTarget } = await import("../../execution/remote/open-target.js");
  const target = await openRemoteTarget(options, env);
  try {
    return await use(target);
  } finally {
    await target.close();
  }
}

/** `describe --json`'s and `doctor --json`'s `executor` field: which kind, and which target. */
export function executorJson(
  config: ShellgateConfig,
  target: OpenedTarget | undefined,
): Record<string, unknown> {
  if (!target) return { kind: "local" };
  const { description } = target;
  return {
    kind: config.executor.kind,
    target: description.target,
    user: description.user,
    home: description.home ?? null,
    cwd: description.cwd,
    spill: description.spill,
    isolation: description.isolation,
    ...target.details,
  };
}
