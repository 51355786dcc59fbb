import type { ResolveShellOptions, ShellResolution } from "../../../platforms/index.js";
import { createRealHost, describeShell, resolveShell } from "../../../platforms/index.js";
import type { ShellgateConfig } from "../../config/schema.js";
import { type SandboxOptions, shellCandidateCheck } from "../../execution/sandbox/index.js";
import type { ShellgateHost } from "../host.js";
import { sandboxOptionsFromConfig } from "../sandbox-options.js";

/**
 * How a config's shell is resolved. Given the instance's sandbox options (on this machine, not a
 * recorded host), a candidate the sandboxed side could have written is skipped unprobed.
 */
export function shellOptionsFromConfig(
  config: Pick<ShellgateConfig, "windows_shell" | "wsl_login_shell" | "bash_path">,
  sandbox?: Pick<SandboxOptions, "settings" | "context" | "wsl">,
): ResolveShellOptions {
  const refuseCandidate = sandbox ? shellCandidateCheck(sandbox) : undefined;
  return {
    windowsShell: config.windows_shell,
    wslLoginShell: config.wsl_login_shell,
    ...(config.bash_path !== undefined ? { bashPath: config.bash_path } : {}),
    ...(refuseCandidate ? { refuseCandidate } : {}),
  };
}

/** The shell this instance runs commands in (working directory `cwd`): the host's pre-resolved one, or resolved now. */
export async function instanceShell(
  config: ShellgateConfig,
  host: ShellgateHost,
  hostCwd: string,
  cwd: string,
): Promise<ShellResolution> {
  if (host.shell) return host.shell;
  if (host.platformHost) return resolveShell(host.platformHost, shellOptionsFromConfig(config));
  const env = host.env ?? process.env;
  const facts = createRealHost({ cwd: hostCwd, ...(host.env ? { env: host.env } : {}) });
  const sandbox = sandboxOptionsFromConfig(config, {
    cwd,
    env,
    flag: host.sandbox?.mode,
    platform: facts.platform,
  });
  return resolveShell(facts, shellOptionsFromConfig(config, sandbox));
}

/** The platform layer's paragraph about the shell, for the `bash` description. */
export function shellParagraph(resolution: ShellResolution): string {
  return describeShell(resolution);
}
