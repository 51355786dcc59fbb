import { type ShellResolution, toShellPath } from "../../../platforms/index.js";
import { spillDirectoryOf } from "../io/shared-spill-directory.js";
import type { SpillDirectory } from "../io/spill-directory.js";
import { ExecutionError } from "../run/execution-error.js";
import { scriptFileContent } from "../spawn/long-command.js";
import { writeScriptFile } from "../spawn/script-file.js";

/** How the shell spells a native path (Git Bash `/c/…`, WSL `/mnt/c/…`; POSIX unchanged). */
export function shellPathOf(file: string, resolution: ShellResolution): string {
  if (resolution.platform !== "win32") return file;
  return toShellPath(
    file,
    resolution.kind,
    resolution.distro === undefined ? {} : { distro: resolution.distro },
  );
}

/**
 * A long command's script file in the private spill directory (0700 directory, 0600 file). Throws
 * `ExecutionError` ("spawn-failed") naming what to do when no such file can be written.
 */
export function writeCommandScript(
  command: string,
  resolution: ShellResolution,
  spillDirectory: string | SpillDirectory | undefined,
): string {
  const directory = spillDirectoryOf(spillDirectory).path();
  const bytes = Buffer.byteLength(command, "utf8");
  if (directory === null) {
    throw new ExecutionError(
      "spawn-failed",
      `The command is ${bytes} bytes, too long to pass to the shell inline, and no private directory could be made for its script file; set spill_dir to a writable directory.`,
    );
  }
  try {
    const file = writeScriptFile(directory, (name) =>
      scriptFileContent(command, shellPathOf(name, resolution)),
    );
    spillDirectoryOf(spillDirectory).track(file);
    return file;
  } catch (error) {
    throw new ExecutionError(
      "spawn-failed",
      `The command is ${bytes} bytes, too long to pass to the shell inline, and its script file could not be written in ${directory} (${(error as NodeJS.ErrnoException).code ?? "error"}); free space there or set spill_dir.`,
    );
  }
}
