import path from "node:path";
import type { ExpandedWord } from "../extract/expanded-word.js";
import { EVERY_ENTRY, HOME_PATH, UNKNOWN } from "../extract/expanded-word.js";
import { type PathBase, resolveIn } from "../extract/paths.js";
import { windowsProtection } from "../extract/windows-paths.js";
import { globMatches } from "./glob.js";

/**
 * `root`, `system` (a top-level or well-known system directory, a drive root's system folders) are
 * catastrophic to delete; `home` (the user's or another user's home), `system-subdirectory` (anything
 * below a system tree: `/usr/lib/x86_64-linux-gnu`, `/etc/nginx`) and `credentials` (the home's keys
 * and tokens) are dangerous.
 */
export type Protection = "root" | "system" | "home" | "system-subdirectory" | "credentials" | "history";

const TOP_LEVEL = [
  "bin",
  "boot",
  "dev",
  "etc",
  "home",
  "lib",
  "lib32",
  "lib64",
  "libx32",
  "opt",
  "proc",
  "root",
  "run",
  "sbin",
  "srv",
  "sys",
  "usr",
  "var",
  "snap",
  "mnt",
  "media",
  "tmp",
  "nix",
  "Applications",
  "Library",
  "System",
  "Users",
  "Volumes",
  "private",
  "cores",
];
const SECOND_LEVEL = [
  "/usr/bin",
  "/usr/sbin",
  "/usr/lib",
  "/usr/lib32",
  "/usr/lib64",
  "/usr/libexec",
  "/usr/include",
  "/usr/share",
  "/usr/local",
  "/var/lib",
  "/var/log",
  "/etc/ssh",
  "/etc/systemd",
  "/private/etc",
  "/private/var",
  "/System/Library",
];
export const SYSTEM_DIRECTORIES = new Set([...TOP_LEVEL.map((name) => `/${name}`), ...SECOND_LEVEL]);
/**
 * Directories whose contents are scratch space: emptying them is not destroying the system. `/mnt` and
 * `/media` are not: their entries are mounted disks, and emptying them destroys whatever those hold.
 */
const SCRATCH = new Set(["/tmp", "/var/tmp"]);

/** Whether a (non-glob) path names a scratch directory itself: `/tmp`, `/tmp/`, `/var/../tmp`. */
export function isScratchDirectory(word: ExpandedWord, base: PathBase | string | undefined): boolean {
  if (word.glob) return false;
  const resolved = resolveIn(word.value, base);
  return resolved !== undefined && SCRATCH.has(resolved);
}

const BROAD_SAMPLES = [
  ["bin", "etc", "usr"],
  [".ssh", ".config", ".bashrc"],
];

/** A glob segment that matches (nearly) every name: `*`, `.*`, `.[!.]*`, `?*`. */
export function isBroadGlob(segment: string): boolean {
  return BROAD_SAMPLES.some((names) => names.every((name) => globMatches(segment, name)));
}

function classifyStatic(resolved: string): Protection | undefined {
  if (resolved === "/") return "root";
  if (resolved.endsWith(`/${EVERY_ENTRY}`)) {
    const parent = parentOf(resolved);
    return SCRATCH.has(parent)
      ? undefined
      : (classifyStatic(parent) ?? (parent === "/" ? "root" : undefined));
  }
  // `/$NAME` with NAME unknown could be any top-level directory.
  if (/^\/\uE002$/.test(resolved)) return "system";
  if (resolved === HOME_PATH) return "home";
  if (SYSTEM_DIRECTORIES.has(resolved)) return "system";
  const windows = windowsProtection(resolved);
  if (windows) return windows;
  if (resolved.startsWith(`${HOME_PATH}/`)) return credentialsIn(resolved.slice(HOME_PATH.length + 1));
  // Another user's home; `~$USER` is no tilde expansion (a directory named like that), hence the lookahead.
  if (/^\/(home|Users)\/(?!\uE000)[^/*?[\\]+$/.test(resolved)) return "home";
  return isSystemComponent(resolved) ? "system-subdirectory" : undefined;
}

/**
 * Directories whose entries the user or a cache owns (deleting `/opt/myapp/cache` or `/var/log/myapp`
 * is housekeeping), and entries of system directories that are regenerable (package lists, docs).
 */
const USER_MANAGED = new Set([
  "/tmp",
  "/var/tmp",
  "/var/cache",
  "/var/log",
  "/var/www",
  "/var/folders",
  "/home",
  "/Users",
  "/root",
  "/mnt",
  "/media",
  "/Volumes",
  "/opt",
  "/srv",
  "/run",
  "/proc",
  "/sys",
  "/dev",
  "/usr/local",
  "/private/var",
  "/Applications",
  "/snap",
  "/nix",
  "/cores",
]);
const REGENERABLE = /^\/usr\/share\/(doc|man|info|locale|lintian)$|^\/var\/lib\/(apt\/lists|dpkg\/info)$/;

/** Whether the path names a directory whose contents the user manages (`/var/log`, `/opt`, `/tmp`). */
export function isUserManagedDirectory(word: ExpandedWord, base: PathBase | string | undefined): boolean {
  const resolved = word.glob ? undefined : resolveIn(word.value, base);
  return resolved !== undefined && USER_MANAGED.has(resolved);
}

/**
 * An entry of a system directory: a package's configuration (`/etc/nginx`), a library tree
 * (`/usr/lib/x86_64-linux-gnu`), a service's data (`/var/lib/postgresql`), one system program. Paths
 * deeper down name a part the user may well mean to remove (`/etc/nginx/sites-enabled/default`).
 */
function isSystemComponent(resolved: string): boolean {
  const parent = parentOf(resolved);
  return (
    parent !== "/" &&
    SYSTEM_DIRECTORIES.has(parent) &&
    !USER_MANAGED.has(parent) &&
    !REGENERABLE.test(resolved)
  );
}
/** Keys, tokens and credential stores in the home, relative to it. */
const CREDENTIAL_DIRECTORIES =
  /^(\.ssh|\.gnupg|\.aws|\.azure|\.kube|\.docker|\.password-store|\.config\/(gh|gcloud|op|hub)|\.local\/share\/keyrings|\.mozilla|\.config\/google-chrome)$/;
const CREDENTIAL_FILES =
  /^(\.ssh\/(id_(?![^/]*\.pub)[^/]*|authorized_keys2?|[^/]*\.pem)|\.gnupg\/.+|\.aws\/(credentials|config)|\.config\/gh\/hosts\.yml|\.kube\/config|\.docker\/config\.json|\.netrc|\.git-credentials|\.pgpass|\.password-store\/.+|\.local\/share\/keyrings\/.+)$/;

/** Whether a resolved path is a key or credential file of the home (`~/.ssh/id_ed25519`). */
export function isCredentialFile(resolved: string): boolean {
  return resolved.startsWith(`${HOME_PATH}/`) && CREDENTIAL_FILES.test(resolved.slice(HOME_PATH.length + 1));
}

/**
 * The record of what was run, kept by shells and interactive clients in the home: wiping one (or
 * truncating it) is not undone by anything in a project, and hides what happened.
 */
const HISTORY_FILES =
  /^(\.(bash_history|zsh_history|zhistory|histfile|sh_history|ksh_history|python_history|node_repl_history|psql_history|mysql_history|sqlite_history|rediscli_history|dbshell|irb_history|lesshst)|\.local\/share\/fish\/fish_history|\.config\/fish\/fish_history)$/;

/** The system's own record of logins and events: emptying one erases what happened. */
const SYSTEM_LOGS =
  /^\/var\/log\/(auth\.log|secure|syslog|messages|kern\.log|wtmp|btmp|lastlog|faillog|audit\/.+|journal\/.+)(\.\d+)?$|^\/var\/run\/utmp$|^\/run\/utmp$/;

export function isSystemLog(resolved: string): boolean {
  return SYSTEM_LOGS.test(resolved);
}

/** Whether a resolved path is a shell or client history file of the home (`~/.bash_history`). */
export function isHistoryFile(resolved: string): boolean {
  return resolved.startsWith(`${HOME_PATH}/`) && HISTORY_FILES.test(resolved.slice(HOME_PATH.length + 1));
}

function credentialsIn(relative: string): Protection | undefined {
  if (HISTORY_FILES.test(relative)) return "history";
  return CREDENTIAL_DIRECTORIES.test(relative) || CREDENTIAL_FILES.test(relative) ? "credentials" : undefined;
}

function parentOf(resolved: string): string {
  const index = resolved.lastIndexOf("/");
  return index <= 0 ? "/" : resolved.slice(0, index);
}

function classifyGlob(resolved: string, depth: number): Protection | undefined {
  const direct = classifyStatic(resolved);
  if ((direct && direct !== "system-subdirectory") || resolved === "/" || depth > 8) return direct;
  const segment = resolved.slice(resolved.lastIndexOf("/") + 1);
  if (!/[*?[]/.test(segment)) return direct;
  const parent = parentOf(resolved);
  const broad = BROAD_SAMPLES.some((names) => names.every((name) => globMatches(segment, name)));
  if (broad) {
    const parentProtection = classifyGlob(parent, depth + 1);
    if (parentProtection && !SCRATCH.has(parent)) return parentProtection;
  }
  for (const directory of SYSTEM_DIRECTORIES) {
    if (parentOf(directory) === parent && classifyGlob(parent, depth + 1) !== undefined) {
      if (globMatches(segment, directory.slice(parent.length === 1 ? 1 : parent.length + 1))) return "system";
    } else if (parent === "/" && parentOf(directory) === "/" && globMatches(segment, directory.slice(1))) {
      return "system";
    }
  }
  return direct;
}

/**
 * Whether a path operand names `/`, a system directory, the home directory, or everything in one of
 * them (`/*`, `~/.[!.]*`), after cwd resolution and with unset variables counted as empty.
 */
export function protectionOf(
  word: ExpandedWord,
  base: PathBase | string | undefined,
): Protection | undefined {
  const resolved = resolveIn(word.glob ? word.pattern : word.value, base);
  // `../../../..` from an unknown directory climbs to `/` from any usual working directory.
  if (resolved === undefined) {
    const relative = path.posix.normalize(word.value.replaceAll(UNKNOWN, ""));
    return /^(\.\.\/){3,}\.\.\/?$/.test(relative) ? "root" : undefined;
  }
  return word.glob ? classifyGlob(resolved, 0) : classifyStatic(resolved);
}

export function describeProtection(protection: Protection, word: ExpandedWord): string {
  if (protection === "root") return "the root filesystem";
  if (protection === "home")
    return /^\/(home|Users)\/[^/\uE000-\uE004*?[]+\/*$/.test(word.value)
      ? `the home directory ${word.value}`
      : "your home directory";
  if (protection === "credentials") return `the keys or credentials in ${word.source}`;
  if (protection === "history") return `the shell history ${word.source}`;
  if (protection === "system-subdirectory") return `the system files in ${word.source}`;
  return `the system directory ${word.source}`;
}
