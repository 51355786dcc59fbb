import { toShellPath } from "../paths/to-shell-path.js";
import type { WindowsShell } from "./windows-host.js";

/**
 * `$HOME` as a Windows shell will see it, when knowable without starting it. Git's redirector uses
 * `%HOME%` or else `%USERPROFILE%`; MSYS2 and Cygwin default to `/home/<user>`; WSL's is the Linux
 * account's home inside the distribution, which only the distribution knows.
 */
export function windowsShellHome(
  shell: WindowsShell,
  env: (name: string) => string | undefined,
): string | undefined {
  if (shell.kind === "gitbash" && shell.flavor === "git-for-windows") {
    const profile = env("HOME") ?? env("USERPROFILE");
    return profile === undefined ? undefined : toShellPath(profile, "gitbash");
  }
  if (shell.kind === "gitbash" || shell.kind === "cygwin") {
    const user = env("USERNAME");
    return user === undefined ? undefined : `/home/${user}`;
  }
  return undefined;
}
