import path from "node:path";
import { HOME_PATH, hasMarkers, UNKNOWN } from "./expanded-word.js";
import { foldWindowsPath } from "./windows-paths.js";

/** What paths resolve against: the working directory and the homes the context names. */
export interface PathBase {
  /** Absolute, canonical; undefined when unknown. */
  readonly cwd: string | undefined;
  /** Canonical spellings of `$HOME` known from the context; each is read as HOME_PATH. */
  readonly homes?: readonly string[];
  /** Symbolic links the script made, by resolved link path: what each points to, resolved. */
  readonly links?: ReadonlyMap<string, string>;
}

/**
 * The path a resolved one names once the script's symbolic links are followed. The kernel follows
 * a link named as a directory (`x/`, `x/etc`); a link named as the last component is followed too
 * when `last` is set (opening, formatting or changing its mode), not when it is the link itself
 * that is removed or renamed (`rm x`).
 */
export function throughLinks(
  resolved: string,
  links: ReadonlyMap<string, string> | undefined,
  last = false,
): string {
  if (links === undefined || links.size === 0) return resolved;
  let current = resolved;
  for (let hop = 0; hop < 8; hop += 1) {
    let next: string | undefined;
    for (const [link, target] of links) {
      if (link === "/") continue;
      if (current.startsWith(`${link}/`))
        next = path.posix.normalize(`${target}/${current.slice(link.length + 1)}`);
      else if (last && current === link) next = target;
      if (next !== undefined) break;
    }
    if (next === undefined || next === current) break;
    current = next.length > 1 && !current.endsWith("/") ? next.replace(/\/+$/, "") : next;
  }
  return current;
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
  links?: ReadonlyMap<string, string>,
): string | undefined {
  const text = foldWindowsPath(value.replaceAll(UNKNOWN, ""));
  if (text === "") return undefined;
  let absolute: string;
  if (text.startsWith("/")) absolute = text;
  else if (cwd !== undefined) absolute = `${cwd}/${text}`;
  else return undefined;
  let normalised = path.posix.normalize(absolute);
  if (homes !== undefined && homes.length > 0) normalised = asHome(normalised, homes);
  // `x/` with a trailing slash names what the link x points to: follow before the slash goes.
  normalised = throughLinks(normalised, links);
  return normalised.length > 1 ? normalised.replace(/\/+$/, "") : normalised;
}

/** Resolves against a scope-like base (its cwd and known homes), or against a bare working directory. */
export function resolveIn(value: string, base: PathBase | string | undefined): string | undefined {
  if (base === undefined || typeof base === "string") return resolvePath(value, base);
  return resolvePath(value, base.cwd, base.homes, base.links);
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
  return resolvePath(value, base.cwd ?? "/\uE003cwd", base.homes, base.links);
}
