import path from "node:path";
import { hasMarkers, UNKNOWN } from "./expanded-word.js";

/**
 * The absolute, normalised path a word names, resolved against the known working directory; an
 * unset variable (UNKNOWN) counts as empty, which is exactly how `rm -rf "$DIR/"` reaches `/`.
 * Undefined when relative to an unknown directory.
 */
export function resolvePath(value: string, cwd: string | undefined): string | undefined {
  const text = value.replaceAll(UNKNOWN, "");
  if (text === "") return undefined;
  let absolute: string;
  if (text.startsWith("/")) absolute = text;
  else if (cwd !== undefined) absolute = `${cwd}/${text}`;
  else return undefined;
  const normalised = path.posix.normalize(absolute);
  return normalised.length > 1 ? normalised.replace(/\/+$/, "") : normalised;
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

/** Where a file written by the script is remembered: relative names stay keyed even when cwd is unknown. */
export function virtualPath(value: string, cwd: string | undefined): string | undefined {
  return resolvePath(value, cwd ?? "/\uE003cwd");
}
