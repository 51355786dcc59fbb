import os from "node:os";
import type { ShellgateConfig } from "../../config/schema.js";
import { createSandbox, type Sandbox, type SandboxOptions } from "./sandbox.js";
import { chooseSandboxMode, SANDBOX_ENVIRONMENT_VARIABLE, type SandboxMode } from "./sandbox-mode.js";

/** `--sandbox` or `SHELLGATE_SANDBOX` held something that is not a mode. */
export class SandboxModeError extends Error {
  override readonly name = "SandboxModeError";
}

export interface SandboxFromConfigOptions {
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

/** The instance's sandbox from its config, the flag and the environment (flag over env over config). */
export function sandboxFromConfig(
  config: Pick<ShellgateConfig, "sandbox" | "spill_dir">,
  options: SandboxFromConfigOptions,
): Sandbox {
  const choice = chooseSandboxMode({
    flag: options.flag,
    environment: options.env[SANDBOX_ENVIRONMENT_VARIABLE],
    config: config.sandbox.mode,
  });
  if (!choice.ok) throw new SandboxModeError(choice.message);
  return createSandbox({
    settings: { ...config.sandbox, mode: options.mode ?? choice.mode },
    context: {
      platform: options.platform ?? process.platform,
      cwd: options.cwd,
      home: os.homedir(),
      tempDirectory: os.tmpdir(),
      spillDirectory: config.spill_dir,
      appData: options.env.APPDATA,
    },
    ...options.seams,
  });
}
