import type { ShellKind } from "../resolve/resolution.js";
import { isUrl, toBackslashes, windowsDrive } from "./path-forms.js";
import type { PathTranslationOptions } from "./to-shell-path.js";

const DRIVE_PATTERNS: Partial<Record<ShellKind, RegExp>> = {
  gitbash: /^\/([A-Za-z])(?:\/(.*))?$/s,
  wsl: /^\/mnt\/([A-Za-z])(?:\/(.*))?$/s,
  cygwin: /^\/cygdrive\/([A-Za-z])(?:\/(.*))?$/s,
};

function joinRoot(root: string, rest: string): string {
  return `${root.replace(/[\\/]+$/, "")}\\${toBackslashes(rest)}`;
}

/**
 * The reverse of `toShellPath`: a path as the shell spells it, as Windows spells it (`/c/x` →
 * `C:\x`). Paths inside the shell's own tree need `root` (Git Bash, MSYS2, Cygwin) or `distro`
 * (WSL: `\\wsl.localhost\<distro>\…`); without them they come back unchanged.
 */
export function toNativePath(
  shellPath: string,
  kind: ShellKind,
  options: PathTranslationOptions = {},
): string {
  const pattern = DRIVE_PATTERNS[kind];
  if (pattern === undefined || shellPath === "/dev/null" || isUrl(shellPath) || shellPath.startsWith("~")) {
    return shellPath;
  }
  const drive = pattern.exec(shellPath);
  if (drive) return windowsDrive(drive[1]!.toLowerCase(), drive[2]);
  if (shellPath.startsWith("//")) return toBackslashes(shellPath);
  if (!shellPath.startsWith("/")) return toBackslashes(shellPath);
  const rest = shellPath.slice(1);
  if (kind === "wsl") {
    return options.distro === undefined
      ? shellPath
      : `\\\\wsl.localhost\\${options.distro}\\${toBackslashes(rest)}`;
  }
  return options.root === undefined ? shellPath : joinRoot(options.root, rest);
}
