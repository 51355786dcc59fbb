/** Why a remote executor could not be set up or could not start a command. */
export type ExecutorErrorCode =
  /** The engine's client package is not installed. */
  | "client-missing"
  /** The daemon, host or API server could not be reached. */
  | "unreachable"
  /** The target does not exist or is not running (container, pod). */
  | "no-target"
  /** Authentication or authorisation was refused (SSH auth, RBAC). */
  | "refused"
  /** The host key is unknown or changed. */
  | "host-key"
  /** The target has no shell at all. */
  | "no-shell"
  /**
   * The engine cannot do this over the connection it has (a Kubernetes API server on
   * v4.channel.k8s.io cannot end stdin alone); nothing was changed.
   */
  | "unsupported"
  /** Anything else the engine reported. */
  | "engine";

/**
 * A remote executor's failure, in one sentence that names what to fix. Raised before anything ran
 * (the CLI exits 69, EX_UNAVAILABLE), or for one command that could not be started.
 */
export class ExecutorError extends Error {
  override readonly name = "ExecutorError";
  readonly code: ExecutorErrorCode;

  constructor(code: ExecutorErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

export function isExecutorError(error: unknown): error is ExecutorError {
  return error instanceof ExecutorError;
}
