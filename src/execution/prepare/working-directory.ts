import { statSync } from "node:fs";
import { ExecutionError } from "../run/execution-error.js";

/**
 * Fails with a clear message, before any spawn, when `directory` is missing or not a directory. The
 * message names the directory as the caller spelt it (`asGiven`, e.g. `/tmp/x` for Git Bash) and,
 * when that differs, where it landed on this machine.
 */
export function assertWorkingDirectory(directory: string, asGiven?: string): void {
  const named = asGiven === undefined || asGiven === directory ? directory : `${asGiven} (${directory})`;
  let isDirectory: boolean;
  try {
    isDirectory = statSync(directory).isDirectory();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "error";
    const why = code === "ENOENT" ? "does not exist" : `cannot be used (${code})`;
    throw new ExecutionError(
      "bad-cwd",
      `working directory ${named} ${why}; pass an existing directory as the working directory (workdir, --cwd).`,
    );
  }
  if (!isDirectory) {
    throw new ExecutionError(
      "bad-cwd",
      `working directory ${named} is not a directory; pass its parent directory as the working directory (workdir, --cwd).`,
    );
  }
}
