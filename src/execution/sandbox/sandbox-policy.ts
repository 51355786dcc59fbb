import path from "node:path";
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
  /** The instance's temp directory (`os.tmpdir()`), writable by default. */
  readonly tempDirectory: string;
  /** Where output spills go when it is not the temp directory. */
  readonly spillDirectory?: string | undefined;
  /** Windows: `%APPDATA%`, where `gh` and GnuPG keep their files there. */
  readonly appData?: string | undefined;
}

/** The active policy: every path absolute, every list final. What `describe --json` prints. */
export interface SandboxPolicy {
  readonly mode: SandboxMode;
  readonly allowWrite: readonly string[];
  readonly denyRead: readonly string[];
  readonly allowedDomains: readonly string[];
}

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
 * Defaults: writable are the working directory, the temp directory and the spill directory;
 * unreadable are the home's credential stores; no host is reachable. A list the config gives
 * replaces its default, so `deny_read: []` really means "nothing denied".
 */
export function resolveSandboxPolicy(
  settings: SandboxSettings,
  context: SandboxPolicyContext,
): SandboxPolicy {
  const defaultWrite = [
    context.cwd,
    context.tempDirectory,
    ...(context.spillDirectory ? [context.spillDirectory] : []),
  ];
  const defaultDeny = context.platform === "win32" ? windowsCredentials(context) : POSIX_CREDENTIALS;
  const expand = (entries: readonly string[]) =>
    unique(entries.map((entry) => expandPolicyPath(entry, context)));
  return {
    mode: settings.mode,
    allowWrite: expand(settings.allow_write ?? defaultWrite),
    denyRead: expand(settings.deny_read ?? defaultDeny),
    allowedDomains: unique(settings.allowed_domains.map((host) => host.trim().toLowerCase())),
  };
}
