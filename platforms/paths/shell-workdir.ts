import type { GitBashFlavor, ShellKind } from "../resolve/resolution.js";
import { parseWslUncPath } from "./path-forms.js";
import { toNativePath } from "./to-native-path.js";

/** Where a Windows shell's own tree lives, as far as known without starting the shell. */
export interface ShellTree {
  /** Install root of Git for Windows, MSYS2 or Cygwin: where `/usr/…`, `/etc/…` (and `/` itself) live. */
  readonly root?: string;
  /** `$HOME` as the shell spells it (`/c/Users/me`, `/home/me`): what `~` means. */
  readonly home?: string;
  /** The native `%TEMP%`: Git for Windows mounts `/tmp` there (fstab `usertemp`), not under its root. */
  readonly tempDirectory?: string;
  readonly flavor?: GitBashFlavor;
  /** The WSL distribution (kind `wsl`). */
  readonly distro?: string;
}

const TILDE = /^~(?:\/(.*))?$/s;
const TMP = /^\/tmp(?:\/(.*))?$/s;

function joinShell(base: string, rest: string | undefined): string {
  return rest === undefined || rest === "" ? base : `${base.replace(/\/+$/, "")}/${rest}`;
}

/**
 * A working directory the model spelt for its shell (`/tmp/x`, `~/p`, `/usr/share`, `/c/x`) as the
 * native directory that shell would be in. Git for Windows: `/tmp` is `%TEMP%`, `~` is `$HOME` (the
 * profile), `/…` is under the Git root. MSYS2 and Cygwin: everything that is not a drive, including
 * `/tmp` and `/home`, is under their own root. What cannot be known comes back unchanged, so the
 * caller's existence check names it.
 */
export function shellWorkdirToNative(workdir: string, kind: ShellKind, tree: ShellTree = {}): string {
  if (kind !== "gitbash" && kind !== "cygwin" && kind !== "wsl") return workdir;
  const tilde = TILDE.exec(workdir);
  if (tilde) {
    if (tree.home === undefined || kind === "wsl") return workdir;
    return shellWorkdirToNative(joinShell(tree.home, tilde[1]), kind, { ...tree, home: undefined });
  }
  const temp = TMP.exec(workdir);
  if (temp && kind === "gitbash" && tree.flavor !== "msys2" && tree.tempDirectory !== undefined) {
    const rest = temp[1];
    return rest === undefined || rest === ""
      ? tree.tempDirectory
      : `${tree.tempDirectory.replace(/[\\/]+$/, "")}\\${rest.replace(/\//g, "\\")}`;
  }
  return toNativePath(workdir, kind, {
    ...(tree.root === undefined ? {} : { root: tree.root }),
    ...(tree.distro === undefined ? {} : { distro: tree.distro }),
  });
}

/**
 * What `wsl.exe --cd` gets for a native working directory: a path inside the distribution as its
 * Linux path, anything else as the native path itself, which WSL translates with the distribution's
 * own automount settings (`/mnt/` is only the default root).
 */
export function wslCdArgument(nativeCwd: string, distro: string | undefined): string {
  const inside = parseWslUncPath(nativeCwd);
  if (inside === null) return nativeCwd;
  const ownDistro = distro === undefined || distro.toLowerCase() === inside.distro.toLowerCase();
  return ownDistro ? `/${inside.rest}` : nativeCwd;
}
