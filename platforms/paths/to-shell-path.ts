import type { ShellKind } from "../resolve/resolution.js";
import { isUntranslatable, parseDrivePath, parseWslUncPath, uncToForwardSlashes } from "./path-forms.js";

export interface PathTranslationOptions {
  /** The WSL distribution commands run in; `\\wsl.localhost\<distro>\…` maps to `/…` only for it. */
  readonly distro?: string;
  /** The install root of Git Bash, MSYS2 or Cygwin (`C:\Program Files\Git`): where `/usr/…` lives. */
  readonly root?: string;
}

const DRIVE_PREFIX: Partial<Record<ShellKind, string>> = { gitbash: "/", wsl: "/mnt/", cygwin: "/cygdrive/" };

/**
 * A native Windows path as the given shell kind spells it: `C:\Users\me\p` is `/c/Users/me/p` in Git
 * Bash and MSYS2, `/mnt/c/Users/me/p` in WSL, `/cygdrive/c/Users/me/p` in Cygwin. POSIX kinds, URLs,
 * `/dev/null` and paths that already look POSIX come back unchanged.
 */
export function toShellPath(
  nativePath: string,
  kind: ShellKind,
  options: PathTranslationOptions = {},
): string {
  const prefix = DRIVE_PREFIX[kind];
  if (prefix === undefined || isUntranslatable(nativePath)) return nativePath;
  const drive = parseDrivePath(nativePath);
  if (drive) return `${prefix}${drive.drive}${drive.rest === undefined ? "" : `/${drive.rest}`}`;
  const wsl = parseWslUncPath(nativePath);
  if (wsl) {
    const ownDistro =
      options.distro === undefined || options.distro.toLowerCase() === wsl.distro.toLowerCase();
    if (kind === "wsl" && ownDistro) return `/${wsl.rest}`;
    return `//wsl.localhost/${wsl.distro}${wsl.rest === "" ? "" : `/${wsl.rest}`}`;
  }
  const unc = uncToForwardSlashes(nativePath);
  if (unc !== null) return unc;
  // A relative Windows path: only the separators differ.
  return nativePath.replace(/\\/g, "/");
}
