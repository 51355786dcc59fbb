/** The process's working directory is gone: deleted (or unmounted) while the process was in it. */
export class CurrentDirectoryError extends Error {
  override readonly name = "CurrentDirectoryError";
}

/**
 * `process.cwd()`, with its failure as one sentence: a shell left in a directory that was then
 * removed starts every program there, and Node's own answer is an `ENOENT, uv_cwd` stack trace.
 * The shell's `PWD` (when set) names the directory that was lost.
 */
export function currentDirectory(env: NodeJS.ProcessEnv = process.env): string {
  try {
    return process.cwd();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    const where = env.PWD ? ` (${env.PWD})` : "";
    throw new CurrentDirectoryError(
      `the current directory${where} no longer exists (it was deleted while this process was in it); start shellgate from an existing directory`,
    );
  }
}

/** The working directory, or undefined when it is gone (for checks that only compare against it). */
export function currentDirectoryIfAny(): string | undefined {
  try {
    return process.cwd();
  } catch {
    return undefined;
  }
}
