import type { ShellResolution } from "../../../platforms/index.js";
import { createRealHost, describeShell, resolveShell } from "../../../platforms/index.js";
import type { ShellgateConfig } from "../../config/schema.js";
import type { ShellgateHost } from "../host.js";

/** The shell this instance runs commands in: the host's pre-resolved one, or resolved now. */
export async function instanceShell(
  config: ShellgateConfig,
  host: ShellgateHost,
  hostCwd: string,
): Promise<ShellResolution> {
  if (host.shell) return host.shell;
  const facts = host.platformHost ?? createRealHost({ cwd: hostCwd, ...(host.env ? { env: host.env } : {}) });
  return resolveShell(facts, {
    windowsShell: config.windows_shell,
    ...(config.bash_path !== undefined ? { bashPath: config.bash_path } : {}),
  });
}

/** The platform layer's paragraph about the shell, for the `bash` description. */
export function shellParagraph(resolution: ShellResolution): string {
  return describeShell(resolution);
}
