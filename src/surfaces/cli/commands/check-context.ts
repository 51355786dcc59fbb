import path from "node:path";
import { chooseHost, resolveShell } from "../../../../platforms/index.js";
import { shellOptionsFromConfig } from "../../../api/parts/instance-shell.js";
import { sandboxOptionsFromConfig } from "../../../api/sandbox-options.js";
import { callDirectory, instanceDirectory } from "../../../api/working-directory.js";
import type { ShellgateConfig } from "../../../config/schema.js";
import { SandboxModeError, type SandboxOptions } from "../../../execution/sandbox/index.js";
import { type SafetyContext, safetyContextFor } from "../../../safety/context.js";
import type { CliIo } from "../command.js";
import { withExecutorTarget } from "../executor-target.js";
import { UsageError } from "../usage-error.js";

/** The environment names the gate reads from a recorded host: where the home is, and who the user is. */
const CONTEXT_VARIABLES = ["HOME", "USERPROFILE", "USER", "USERNAME", "LOGNAME"];

/**
 * The sandbox `run` would have, for which shell it would resolve; none when the mode given cannot be
 * used (`run` refuses to start then, while judging a command needs no sandbox).
 */
function sandboxFor(
  config: ShellgateConfig,
  cwd: string,
  env: NodeJS.ProcessEnv,
): SandboxOptions | undefined {
  try {
    return sandboxOptionsFromConfig(config, { cwd, env });
  } catch (error) {
    if (error instanceof SandboxModeError) return undefined;
    throw error;
  }
}

/**
 * Where `check` judges commands: where `shellgate run` would run them. The directory is `--cwd DIR`
 * (relative to the instance's), else the instance's (`working_dir`, else the caller's own); the shell
 * is resolved as `run` resolves it, on this machine or on the recorded `--host FILE` (whose kind,
 * home and user then apply); the environment is the caller's, or the recorded host's.
 */
export async function checkContext(
  options: { readonly host?: string; readonly cwd?: string; readonly config: ShellgateConfig },
  io: CliIo,
): Promise<SafetyContext> {
  const { config } = options;
  // A remote executor: the target's directory, home, user and shell, as its probe found them.
  if (config.executor.kind !== "local") {
    if (options.host !== undefined) {
      throw new UsageError(
        "--host describes a recorded machine; it cannot be combined with a remote executor",
      );
    }
    return withExecutorTarget(config, io.env, async (opened) => {
      const { description } = opened as NonNullable<typeof opened>;
      const env = {
        ...(description.home === undefined ? {} : { HOME: description.home }),
        ...(description.user === undefined ? {} : { USER: description.user }),
      };
      const cwd = callDirectory(description.cwd, options.cwd, description.resolution.platform);
      return safetyContextFor({ cwd, env, shell: description.resolution });
    });
  }
  const { host, isReal } = await chooseHost(options.host, io.env, io.cwd);
  const instanceCwd = instanceDirectory(config.working_dir, io.cwd);
  const resolution = await resolveShell(
    host,
    shellOptionsFromConfig(config, isReal ? sandboxFor(config, instanceCwd, io.env) : undefined),
  );
  const env: Record<string, string | undefined> = isReal ? io.env : {};
  if (!isReal) {
    for (const name of CONTEXT_VARIABLES) {
      const value = host.env(name);
      if (value !== undefined) env[name] = value;
    }
  }
  const cwd = callDirectory(instanceCwd, options.cwd, resolution.platform);
  return safetyContextFor({ cwd, env, shell: resolution });
}

/** A directory as given (POSIX, `C:\…` or `/c/…` spellings are kept as written when absolute). */
export function absoluteDirectory(directory: string, base: string): string {
  if (/^([a-z]:[\\/]|\/|\\\\)/i.test(directory)) return directory;
  return path.resolve(base, directory);
}
