import path from "node:path";
import type { SandboxPolicy } from "../../reports/sandbox-report.js";
import type { SandboxMode } from "./sandbox-mode.js";

/** The config's `sandbox` block as the schema leaves it (lists left out stay undefined). */
export interface SandboxSettings {
  readonly mode: SandboxMode;
  readonly allow_write?: readonly string[] | undefined;
  readonly deny_read?: readonly string[] | undefined;
  readonly allowed_domains: readonly string[];
}

export type SandboxPlatform = "linux" | "darwin" | "win32" | (string & {});

/** What the policy's paths are resolved against; plain data so the decision runs anywhere. */
export interface SandboxPolicyContext {
  readonly platform: SandboxPlatform;
  /** The instance's working directory: the default write root and the base of relative entries. */
  readonly cwd: string;
  readonly home: string;
  /** The system temp directory (`os.tmpdir()`): the instance's private one is made in it. */
  readonly tempDirectory: string;
  /**
   * The instance's private temp directory (Linux, macOS): always writable, the sandbox's TMPDIR, and
   * in place of the system temp directory among the default writable paths. Without it (Windows,
   * WSL) the system temp directory is writable by default, as before.
   */
  readonly privateTempDirectory?: string | undefined;
  /** Where output spills go when it is not the temp directory. */
  readonly spillDirectory?: string | undefined;
  /** Windows: `%APPDATA%`, where `gh` and GnuPG keep their files there. */
  readonly appData?: string | undefined;
}

export type { SandboxPolicy } from "../../reports/sandbox-report.js";

/** Credential stores no command needs to read; each is a key or a token that would leave with it. */
const POSIX_CREDENTIALS = [
  "~/.ssh",
  "~/.aws",
  "~/.gnupg",
  "~/.config/gh",
  "~/.netrc",
  "~/.docker/config.json",
];

function windowsCredentials(context: SandboxPolicyContext): string[] {
  const appData = context.appData ?? path.win32.join(context.home, "AppData", "Roaming");
  return [
    "~/.ssh",
    "~/.aws",
    "~/.gnupg",
    path.win32.join(appData, "gnupg"),
    path.win32.join(appData, "GitHub CLI"),
    "~/_netrc",
    "~/.netrc",
    "~/.docker/config.json",
  ];
}

function pathModule(platform: SandboxPlatform): path.PlatformPath {
  return platform === "win32" ? path.win32 : path.posix;
}

/** `~` and `~/x` are the home; a relative entry is the working directory's. */
export function expandPolicyPath(entry: string, context: SandboxPolicyContext): string {
  const paths = pathModule(context.platform);
  const trimmed = entry.trim();
  if (trimmed === "~") return paths.normalize(context.home);
  if (trimmed.startsWith("~/") || trimmed.startsWith("~\\")) {
    return paths.join(context.home, trimmed.slice(2));
  }
  return paths.resolve(context.cwd, trimmed);
}

function unique(entries: readonly string[]): string[] {
  return [...new Set(entries)];
}

/**
 * Resolves the config's `sandbox` block into the policy the sandbox enforces. Pure.
 * Defaults: writable are the working directory, the instance's private temp directory (else the
 * system's) and the spill directory;
 * unreadable are the home's credential stores; no host is reachable. A list the config gives
 * replaces its default, so `deny_read: []` really means "nothing denied".
 */
export function resolveSandboxPolicy(
  settings: SandboxSettings,
  context: SandboxPolicyContext,
): SandboxPolicy {
  const privateTemp = context.privateTempDirectory;
  const defaultWrite = [
    context.cwd,
    privateTemp ?? context.tempDirectory,
    ...(context.spillDirectory ? [context.spillDirectory] : []),
  ];
  const defaultDeny = context.platform === "win32" ? windowsCredentials(context) : POSIX_CREDENTIALS;
  const expand = (entries: readonly string[]) =>
    unique(entries.map((entry) => expandPolicyPath(entry, context)));
  const allowWrite = expand(settings.allow_write ?? defaultWrite);
  return {
    mode: settings.mode,
    // The private temp directory is the sandbox's own, so a given list does not take it away.
    allowWrite: privateTemp && !allowWrite.includes(privateTemp) ? [...allowWrite, privateTemp] : allowWrite,
    denyRead: expand(settings.deny_read ?? defaultDeny),
    allowedDomains: unique(settings.allowed_domains.map((host) => host.trim().toLowerCase())),
    ...(privateTemp ? { tempDirectory: privateTemp } : {}),
  };
}
