import { statSync } from "node:fs";
import { ExecutionError } from "./execution-error.js";

/** Fails with a clear message, before any spawn, when `directory` is missing or not a directory. */
export function assertWorkingDirectory(directory: string): void {
  let isDirectory: boolean;
  try {
    isDirectory = statSync(directory).isDirectory();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "error";
    const why = code === "ENOENT" ? "does not exist" : `cannot be used (${code})`;
    throw new ExecutionError(
      "bad-cwd",
      `working directory ${directory} ${why}; pass an existing directory as the working directory (workdir, --cwd).`,
    );
  }
  if (!isDirectory) {
    throw new ExecutionError(
      "bad-cwd",
      `working directory ${directory} is not a directory; pass its parent directory as the working directory (workdir, --cwd).`,
    );
  }
}
