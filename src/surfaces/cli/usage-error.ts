/** Bad command-line input: printed as one line, exit code 2, never a stack trace. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}
