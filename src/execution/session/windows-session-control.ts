import type { ShellResolution } from "../../../platforms/index.js";
import { remoteShellControl } from "../remote/session/remote-shell-control.js";
import { wslEngine } from "../remote/wsl/wsl-engine.js";
import { belowShellControl } from "./below-shell-control.js";
import type { ShellControl } from "./launched-resident-shell.js";

/**
 * Git Bash, MSYS2, Cygwin: the bash's own Windows pid, read with builtins (no process is started
 * for it); 0 when it cannot be read, so no process is ever taken for it by mistake.
 */
export const WINDOWS_PID_LINE =
  "{ read -r __sg_pid </proc/$$/winpid; } 2>/dev/null; case ${__sg_pid:-} in ''|*[!0-9]*) __sg_pid=0;; esac";

/**
 * How a Windows session's bash has one command ended, leaving the shell. A Windows bash gets its
 * descriptors from its two streams, not from extra pipes (no Cygwin program and no wsl.exe carries
 * a descriptor above 2), so every Windows session is a launched shell with one of these:
 * - WSL: the command's Linux processes, below the shell and by its run marker, killed (after an
 *   interrupt) inside the distribution through a second wsl.exe — the remote targets' kill script.
 * - Git Bash, MSYS2, Cygwin: the Windows processes below the bash's own Windows pid, ended by pid.
 * `commandDirectory` is where a Git Bash session's command file lives, as the shell spells it. Pure.
 */
export function windowsSessionControl(
  resolution: Pick<ShellResolution, "kind" | "path" | "distro">,
  commandDirectory?: string,
): ShellControl {
  if (resolution.kind === "wsl") {
    const target = {
      wslPath: resolution.path ?? "wsl.exe",
      ...(resolution.distro ? { distro: resolution.distro } : {}),
    };
    return remoteShellControl({
      engine: wslEngine(target),
      name: `WSL distribution ${resolution.distro ?? "(default)"}`,
      terminals: false,
      facts: {
        user: "",
        os: "Linux",
        arch: "",
        proc: true,
        environment: {},
        shell: { kind: "sh", path: "sh" },
        temporaryDirectory: "/tmp",
      },
    });
  }
  return belowShellControl({
    platform: "win32",
    pidLine: WINDOWS_PID_LINE,
    ...(commandDirectory === undefined ? {} : { temporaryDirectory: commandDirectory }),
  });
}
