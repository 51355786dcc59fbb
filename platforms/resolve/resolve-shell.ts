import type { HostFacts } from "../host/host-facts.js";
import { chooseBashPath, chooseWindowsShellPreference } from "./preferences.js";
import type { ShellResolution } from "./resolution.js";
import {
  DEFAULT_PROBE_TIMEOUT_MS,
  DEFAULT_WSL_PROBE_TIMEOUT_MS,
  type ResolveShellOptions,
} from "./resolve-options.js";
import { resolvePosixShell } from "./resolve-posix.js";
import { resolveWindowsShell } from "./resolve-windows.js";
import { WindowsHost } from "./windows-host.js";

/**
 * Which shell commands will run in on this host. Async only because host facts are; given the same
 * facts (a snapshot host) the answer is always the same. Never throws for a missing shell: that is
 * kind `none` with the reasons in `trace`.
 */
export async function resolveShell(
  host: HostFacts,
  options: ResolveShellOptions = {},
): Promise<ShellResolution> {
  const timeoutMs = options.probeTimeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS;
  const env = (name: string) => host.env(name);
  const preference = chooseWindowsShellPreference(options.windowsShell, env);
  const bashPath = chooseBashPath(options.bashPath, env);
  const warnings = preference.warning ? [preference.warning] : [];
  if (host.platform === "win32") {
    const resolution = await resolveWindowsShell(
      new WindowsHost(host, timeoutMs, options.probeTimeoutMs ?? DEFAULT_WSL_PROBE_TIMEOUT_MS),
      preference,
      bashPath,
      warnings,
    );
    return resolution.kind === "wsl" && options.wslLoginShell === true
      ? { ...resolution, loginShell: true }
      : resolution;
  }
  return resolvePosixShell(host, bashPath, warnings, timeoutMs, options.refuseCandidate);
}

/** Resolves once per instance and hands every later caller the same answer. */
export function createShellResolver(
  host: HostFacts,
  options: ResolveShellOptions = {},
): { resolve(): Promise<ShellResolution> } {
  let resolution: Promise<ShellResolution> | undefined;
  return {
    resolve() {
      if (!resolution) {
        resolution = resolveShell(host, options);
        // A host that threw (not a missing shell, which is kind "none") gets another try next time.
        resolution.catch(() => {
          resolution = undefined;
        });
      }
      return resolution;
    },
  };
}
