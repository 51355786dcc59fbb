import { type ShellResolution, toShellPath } from "../../../platforms/index.js";
import type { ShellgateConfig } from "../../config/schema.js";
import { createSandbox, type Sandbox } from "../../execution/sandbox/index.js";
import { sandboxParagraph } from "../../text/sandbox/sandbox-texts.js";
import type { SandboxHostOptions } from "../host.js";
import { sandboxOptionsFromConfig } from "../sandbox-options.js";

export interface InstanceSandbox {
  readonly sandbox: Sandbox;
  /** The tool description's sandbox paragraph; empty when the sandbox is off. */
  readonly paragraph: string;
}

/**
 * The instance's OS sandbox from its config, the host's flag and `SHELLGATE_SANDBOX`, with the
 * paragraph the `bash` description states. Probed here (once) when the mode is not `off`, so the
 * description tells the truth before the first command.
 */
export async function instanceSandbox(
  config: ShellgateConfig,
  shell: ShellResolution,
  cwd: string,
  env: NodeJS.ProcessEnv,
  host: SandboxHostOptions = {},
): Promise<InstanceSandbox> {
  const distro = shell.distro === undefined ? {} : { distro: shell.distro };
  const wsl =
    shell.kind === "wsl" && shell.path
      ? {
          executable: shell.path,
          distro: shell.distro,
          toShellPath: (nativePath: string) => toShellPath(nativePath, "wsl", distro),
        }
      : undefined;
  const options = sandboxOptionsFromConfig(config, {
    cwd,
    env,
    flag: host.mode,
    platform: shell.platform,
    seams: {
      ...(host.probe ? { probe: host.probe } : {}),
      ...(host.wrap ? { wrap: host.wrap } : {}),
      ...(wsl ? { wsl } : {}),
    },
  });
  const sandbox = createSandbox(options);
  if (sandbox.policy.mode === "off") return { sandbox, paragraph: "" };
  return { sandbox, paragraph: sandboxParagraph(sandbox.policy, await sandbox.status()) };
}
