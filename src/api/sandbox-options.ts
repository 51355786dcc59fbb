import os from "node:os";
import type { ShellgateConfig } from "../config/schema.js";
import {
  chooseSandboxMode,
  SANDBOX_ENVIRONMENT_VARIABLE,
  type SandboxMode,
  SandboxModeError,
  type SandboxOptions,
} from "../execution/sandbox/index.js";

// The sandbox's config adapter. Its own file (re-exported by config-options.ts) so that `describe`
// and `doctor` can read the policy without loading what config-options.ts imports (the gate).

export interface SandboxConfigContext {
  /** The instance's working directory. */
  readonly cwd: string;
  /** The environment `SHELLGATE_SANDBOX` and `APPDATA` are read from. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** `--sandbox` on the command line. */
  readonly flag?: string | undefined;
  /** Overrides the chosen mode (doctor probes with `auto` whatever the config says). */
  readonly mode?: SandboxMode;
  readonly platform?: string;
  /** Seams and WSL, passed through. */
  readonly seams?: Pick<SandboxOptions, "probe" | "wrap" | "wsl">;
}

/**
 * The sandbox options a config implies, with the mode chosen flag over environment over config.
 * Throws `SandboxModeError` when the flag or the variable is not a mode.
 */
export function sandboxOptionsFromConfig(
  config: Pick<ShellgateConfig, "sandbox" | "spill_dir">,
  context: SandboxConfigContext,
): SandboxOptions {
  const choice = chooseSandboxMode({
    flag: context.flag,
    environment: context.env[SANDBOX_ENVIRONMENT_VARIABLE],
    config: config.sandbox.mode,
  });
  if (!choice.ok) throw new SandboxModeError(choice.message);
  return {
    settings: { ...config.sandbox, mode: context.mode ?? choice.mode },
    context: {
      platform: context.platform ?? process.platform,
      cwd: context.cwd,
      home: os.homedir(),
      tempDirectory: os.tmpdir(),
      spillDirectory: config.spill_dir,
      appData: context.env.APPDATA,
    },
    ...context.seams,
  };
}
