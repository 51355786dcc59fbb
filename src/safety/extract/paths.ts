import path from "node:path";
import { HOME_PATH, hasMarkers, UNKNOWN } from "./expanded-word.js";
import { foldWindowsPath } from "./windows-paths.js";

/** What paths resolve against: the working directory and the homes the context names. */
export interface PathBase {
  /** Absolute, canonical; undefined when unknown. */
  readonly cwd: string | undefined;
  /** Canonical spellings of `$HOME` known from the context; each is read as HOME_PATH. */
  readonly homes?: readonly string[];
}

/**
 * The absolute, normalised path a word names, resolved against the known working directory; an
 * unset variable (UNKNOWN) counts as empty, which is exactly how `rm -rf "$DIR/"` reaches `/`.
 * Windows spellings fold to `/c/…`, and a known home to HOME_PATH. Undefined when relative to an
 * unknown directory.
 */
export function resolvePath(
  value: string,
  cwd: string | undefined,
  homes?: readonly string[],
): string | undefined {
  const text = foldWindowsPath(value.replaceAll(UNKNOWN, ""));
  if (text === "") return undefined;
  let absolute: string;
  if (text.startsWith("/")) absolute = text;
  else if (cwd !== undefined) absolute = `${cwd}/${text}`;
  else return undefined;
  const normalised = path.posix.normalize(absolute);
  const trimmed = normalised.length > 1 ? normalised.replace(/\/+$/, "") : normalised;
  return homes === undefined || homes.length === 0 ? trimmed : asHome(trimmed, homes);
}

/** Resolves against a scope-like base (its cwd and known homes), or against a bare working directory. */
export function resolveIn(value: string, base: PathBase | string | undefined): string | undefined {
  if (base === undefined || typeof base === "string") return resolvePath(value, base);
  return resolvePath(value, base.cwd, base.homes);
}

/** A path inside a known home, rewritten to start with HOME_PATH (drive paths compare case-blind). */
export function asHome(resolved: string, homes: readonly string[]): string {
  for (const home of homes) {
    const blind = /^\/[a-z](\/|$)/.test(home);
    const subject = blind ? resolved.toLowerCase() : resolved;
    const prefix = blind ? home.toLowerCase() : home;
    if (subject === prefix) return HOME_PATH;
    if (subject.startsWith(`${prefix}/`)) return `${HOME_PATH}${resolved.slice(home.length)}`;
  }
  return resolved;
}

/** True when the path has no run-time holes left in it. */
export function isStaticPath(resolved: string): boolean {
  return !hasMarkers(resolved.replaceAll("\uE000", ""));
}

export function basename(value: string): string {
  const trimmed = value.replace(/\/+$/, "");
  const index = trimmed.lastIndexOf("/");
  return index === -1 ? trimmed : trimmed.slice(index + 1);
}

/**
 * Where a file written by the script is remembered: relative names stay keyed even when cwd is
 * unknown, and a path inside a known home is keyed as HOME_PATH whichever way it is spelled.
 */
export function virtualPath(value: string, base: PathBase | string | undefined): string | undefined {
  if (base === undefined || typeof base === "string") return resolvePath(value, base ?? "/\uE003cwd");
  return resolvePath(value, base.cwd ?? "/\uE003cwd", base.homes);
}
