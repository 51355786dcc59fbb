import path from "node:path";
import { ConfigError } from "../../config/config-error.js";
import type { ShellgateConfig } from "../../config/schema.js";
import type { Executor } from "../../execution/executor/executor.js";
import type { ExecutorDescription } from "../../execution/executor/executor-description.js";
import { createSandbox, type Sandbox } from "../../execution/sandbox/index.js";
import type { SandboxHostOptions } from "../host.js";
import { sandboxOptionsFromConfig } from "../sandbox-options.js";

/** A non-local executor's own description (a container, an SSH host, a pod); undefined for local. */
export function remoteDescriptionOf(executor: Executor | undefined): ExecutorDescription | undefined {
  const description = executor?.describe();
  return description && description.location !== "local" ? description : undefined;
}

/**
 * The instance's directory in a remote target: an absolute `working_dir` as given (the target's
 * own spelling), a relative one under the target's directory. Nothing of this machine's directories
 * applies, and whether it exists is the target's to say at the first command.
 */
export function targetDirectory(workingDir: string | undefined, target: ExecutorDescription): string {
  const rules = target.resolution.platform === "win32" ? path.win32 : path.posix;
  if (workingDir === undefined) return target.cwd;
  return rules.isAbsolute(workingDir) ? workingDir : rules.resolve(target.cwd, workingDir);
}

/**
 * The environment the gate reads `$HOME` and the known variables from for a remote target: the
 * target's own when it is known, else only its home. Never this machine's.
 */
export function targetEnvironment(
  target: ExecutorDescription,
  environment?: Readonly<Record<string, string>>,
): NodeJS.ProcessEnv {
  if (environment) return { ...environment };
  return target.home === undefined ? {} : { HOME: target.home };
}

/**
 * The OS sandbox for an instance whose commands run in a remote target: off, since it encloses
 * processes on this machine only and the target is the boundary. A `required` sandbox (config,
 * `--sandbox` or `SHELLGATE_SANDBOX`) cannot be honoured there, so the instance refuses to start.
 */
export function remoteSandbox(
  config: ShellgateConfig,
  target: ExecutorDescription,
  env: NodeJS.ProcessEnv,
  host: SandboxHostOptions = {},
): Sandbox {
  const options = sandboxOptionsFromConfig(config, { cwd: target.cwd, env, flag: host.mode });
  if (options.settings.mode === "required") {
    throw new ConfigError(
      `config key 'sandbox': mode "required" encloses commands on this machine, but the executor runs them in ${target.target ?? target.location}; set sandbox.mode to "off" (the target is the boundary) or use the local executor`,
    );
  }
  return createSandbox({ ...options, settings: { ...options.settings, mode: "off" } });
}
