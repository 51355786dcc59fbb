import type { SandboxAvailability, SandboxMechanism } from "../../reports/sandbox-report.js";
import type { SandboxPlatform } from "./sandbox-policy.js";

export type { SandboxAvailability, SandboxMechanism } from "../../reports/sandbox-report.js";

/** The facts the probe gathered; plain data, so every branch is tested without the platform. */
export interface SandboxProbe {
  readonly platform: SandboxPlatform;
  /** Whether the shell is WSL (the library cannot reach into the distribution). */
  readonly wsl?: { readonly bubblewrap: boolean; readonly distro?: string | undefined } | undefined;
  /** Why `@anthropic-ai/sandbox-runtime` could not be loaded, when it could not. */
  readonly libraryError?: string | undefined;
  /** The library's own dependency check (`checkDependencies().errors`). */
  readonly dependencyErrors: readonly string[];
}

export const SANDBOX_PACKAGE = "@anthropic-ai/sandbox-runtime";
export const SANDBOX_PACKAGE_VERSION = "0.0.83";

const LIBRARY_FIX =
  `install it with \`npm install ${SANDBOX_PACKAGE}@${SANDBOX_PACKAGE_VERSION}\` ` +
  "(npm leaves this optional dependency out on Node older than 22.12 because of its engines field; " +
  "installed explicitly it runs on Node 20)";

export const WINDOWS_SETUP =
  `npx ${SANDBOX_PACKAGE}@${SANDBOX_PACKAGE_VERSION} windows-install, once, in an elevated terminal ` +
  "(it creates the srt-sandbox account and the Windows Filtering Platform fence)";

/** The Debian package that brings each missing Linux program. */
const LINUX_PACKAGES: readonly (readonly [RegExp, string])[] = [
  [/bubblewrap|bwrap/i, "bubblewrap"],
  [/socat/i, "socat"],
  [/ripgrep|\brg\b/i, "ripgrep"],
];

function linuxFix(errors: readonly string[]): string {
  const missing = errors.filter((error) => /not installed|not found|not executable/i.test(error));
  const packages = LINUX_PACKAGES.filter(([pattern]) => missing.some((error) => pattern.test(error))).map(
    ([, name]) => name,
  );
  const fixes: string[] = [];
  if (packages.length > 0) fixes.push(`apt install ${packages.join(" ")} (or your distribution's packages)`);
  if (errors.some((error) => /cannot create its namespaces/.test(error))) {
    fixes.push(
      "allow unprivileged user namespaces (e.g. sysctl kernel.apparmor_restrict_unprivileged_userns=0 on Ubuntu 24.04)",
    );
  }
  if (errors.some((error) => /CAP_SETFCAP|uid 0|root/i.test(error))) {
    fixes.push("run as a non-root user, or keep CAP_SETFCAP in the process's bounding set");
  }
  return fixes.length > 0 ? fixes.join("; ") : "see the errors above";
}

function mechanismFor(platform: SandboxPlatform): SandboxMechanism {
  switch (platform) {
    case "linux":
      return "bubblewrap";
    case "darwin":
      return "seatbelt";
    case "win32":
      return "windows-sandbox-account";
    default:
      return "none";
  }
}

/** Decides `{ available, mechanism, reason }` from the probe. Pure. */
export function decideSandboxAvailability(probe: SandboxProbe): SandboxAvailability {
  if (probe.wsl) {
    const where = probe.wsl.distro ? `the WSL distribution ${probe.wsl.distro}` : "the WSL distribution";
    return probe.wsl.bubblewrap
      ? {
          available: true,
          mechanism: "bubblewrap-in-wsl",
          reason: `commands run under bubblewrap inside ${where}, with no network`,
        }
      : {
          available: false,
          mechanism: "bubblewrap-in-wsl",
          reason: `bubblewrap is not installed in ${where}: run \`sudo apt install bubblewrap\` inside it`,
        };
  }
  const mechanism = mechanismFor(probe.platform);
  if (mechanism === "none") {
    return { available: false, mechanism, reason: `no OS sandbox is supported on ${probe.platform}` };
  }
  if (probe.libraryError !== undefined) {
    return {
      available: false,
      mechanism,
      reason: `the sandbox library ${SANDBOX_PACKAGE} is not installed (${probe.libraryError}): ${LIBRARY_FIX}`,
    };
  }
  if (probe.dependencyErrors.length > 0) {
    const missing = probe.dependencyErrors.join("; ");
    const fix =
      probe.platform === "win32"
        ? `run ${WINDOWS_SETUP}`
        : probe.platform === "linux"
          ? linuxFix(probe.dependencyErrors)
          : "see the errors";
    return { available: false, mechanism, reason: `${missing}: ${fix}` };
  }
  const how: Record<Exclude<SandboxMechanism, "none">, string> = {
    "bubblewrap-in-wsl": "commands run under bubblewrap inside the WSL distribution, with no network",
    bubblewrap: "commands run under bubblewrap, network only through the sandbox's filtering proxy",
    seatbelt:
      "commands run under a Seatbelt profile (sandbox-exec), network only through the sandbox's filtering proxy",
    "windows-sandbox-account":
      "commands run as the srt-sandbox account with a write-restricted token, network fenced by the Windows Filtering Platform",
  };
  return { available: true, mechanism, reason: how[mechanism] };
}
