import path from "node:path";
import type { ExpandedWord } from "../extract/expanded-word.js";
import { EVERY_ENTRY, HOME_PATH, UNKNOWN } from "../extract/expanded-word.js";
import { resolvePath } from "../extract/paths.js";
import { globMatches } from "./glob.js";

export type Protection = "root" | "system" | "home";

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
export function isScratchDirectory(word: ExpandedWord, cwd: string | undefined): boolean {
  if (word.glob) return false;
  const resolved = resolvePath(word.value, cwd);
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
  return undefined;
}

function parentOf(resolved: string): string {
  const index = resolved.lastIndexOf("/");
  return index <= 0 ? "/" : resolved.slice(0, index);
}

function classifyGlob(resolved: string, depth: number): Protection | undefined {
  const direct = classifyStatic(resolved);
  if (direct || resolved === "/" || depth > 8) return direct;
  const segment = resolved.slice(resolved.lastIndexOf("/") + 1);
  if (!/[*?[]/.test(segment)) return undefined;
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
  return undefined;
}

/**
 * Whether a path operand names `/`, a system directory, the home directory, or everything in one of
 * them (`/*`, `~/.[!.]*`), after cwd resolution and with unset variables counted as empty.
 */
export function protectionOf(word: ExpandedWord, cwd: string | undefined): Protection | undefined {
  const resolved = resolvePath(word.glob ? word.pattern : word.value, cwd);
  // `../../../..` from an unknown directory climbs to `/` from any usual working directory.
  if (resolved === undefined) {
    const relative = path.posix.normalize(word.value.replaceAll(UNKNOWN, ""));
    return /^(\.\.\/){3,}\.\.\/?$/.test(relative) ? "root" : undefined;
  }
  return word.glob ? classifyGlob(resolved, 0) : classifyStatic(resolved);
}

export function describeProtection(protection: Protection, word: ExpandedWord): string {
  if (protection === "root") return "the root filesystem";
  if (protection === "home") return "your home directory";
  return `the system directory ${word.source}`;
}
