import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ConfigError } from "../../config/config-error.js";
import type { ShellgateConfig } from "../../config/schema.js";
import { executorFromShorthand, parseExecutorFlag, type ShorthandDefaults } from "./executor-flag.js";

/** The key files OpenSSH tries first, in its order. */
const DEFAULT_KEYS = ["id_ed25519", "id_ecdsa", "id_rsa"];

function shorthandDefaults(env: NodeJS.ProcessEnv): ShorthandDefaults {
  const user = env.USER ?? env.LOGNAME ?? os.userInfo().username;
  if (env.SSH_AUTH_SOCK) return { user, sshIdentity: { agent: true } };
  const home = env.HOME ?? os.homedir();
  const key = DEFAULT_KEYS.map((name) => path.join(home, ".ssh", name)).find((file) => existsSync(file));
  return { user, ...(key ? { sshIdentity: { identity_file: key } } : {}) };
}

/**
 * The config with `--executor` applied: the shorthand over the configured executor, checked by the
 * same schema as the config file. Throws `ExecutorFlagError` or a `ConfigError` about `executor`.
 * The schema (zod) is imported only when there is a flag to check, not on every command's start.
 */
export async function withExecutorFlag(
  config: ShellgateConfig,
  flag: string | undefined,
  env: NodeJS.ProcessEnv,
): Promise<ShellgateConfig> {
  if (flag === undefined) return config;
  const executor = executorFromShorthand(parseExecutorFlag(flag), config.executor, shorthandDefaults(env));
  const { parseConfig } = await import("../../config/parse-config.js");
  try {
    return { ...config, executor: parseConfig({ executor }).executor };
  } catch (error) {
    if (error instanceof ConfigError) {
      throw new ConfigError(`--executor ${flag}: ${error.message.replace(/config key 'executor\.?/g, "'")}`, [
        "executor",
      ]);
    }
    throw error;
  }
}
