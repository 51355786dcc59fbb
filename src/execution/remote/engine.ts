/**
 * One engine's way to run a program in a target — a Docker exec, an SSH channel, a Kubernetes exec
 * websocket — seen the same way by the remote launcher (`remote-launcher.ts`). An engine only
 * runs argv and carries bytes: the wrapper, the markers, the kill and the exit mapping that make a
 * remote run read like a local one sit above it, written once.
 */
export interface EngineExecRequest {
  readonly argv: readonly string[];
  /**
   * Variables the engine sets in the program's own environment (Docker's `Env`; SSH as assignments
   * before `exec` when the login shell is POSIX); Kubernetes ignores them.
   */
  readonly env?: Readonly<Record<string, string>>;
  /** Keep stdin open for `write`; otherwise the program reads EOF at once. */
  readonly stdin: boolean;
  /** A terminal of this size (Docker `Tty`, an SSH pty, Kubernetes `tty`); output is one stream then. */
  readonly tty?: { readonly columns: number; readonly rows: number };
}

export interface EngineExecHandlers {
  /** stdout; with a terminal, the terminal's whole output. */
  onStdout(chunk: Buffer): void;
  onStderr(chunk: Buffer): void;
}

export type EngineExit =
  /** The program ran and ended: its code, or the signal when the engine reports one apart. */
  | { readonly kind: "exited"; readonly exitCode: number | null; readonly signal: NodeJS.Signals | null }
  /** The engine could not start the program (Docker's `OCI runtime exec failed`, a refused channel). */
  | { readonly kind: "not-started"; readonly message: string }
  /** The connection to the target was lost while it ran: how it ended is unknown. */
  | { readonly kind: "lost"; readonly message: string };

export interface EngineExec {
  /** Resolves once the exec is over (its output ended, or abandoned) and its status is known. */
  readonly ended: Promise<EngineExit>;
  /** Resolves once the bytes were handed to the engine. */
  write(data: Buffer | string): Promise<void>;
  /** Ends stdin (the program reads EOF); the output keeps coming. */
  closeStdin(): Promise<void>;
  /** Resizes the terminal (no-op without one). */
  resize(columns: number, rows: number): Promise<void>;
  /**
   * The exit status as soon as the engine can tell, before the output ends (SSH's exit-status
   * message, Docker's inspect once the program is gone); undefined when only the end of the
   * stream will tell (Kubernetes' status frame). Asked once the wrapper reported its end.
   */
  status(): Promise<EngineExit | undefined>;
  /** Stops reading and drops the stream (which kills nothing); `ended` then settles with what is known. */
  abandon(): void;
}

export type EngineKind = "docker" | "ssh" | "kubernetes" | "wsl";

export interface RemoteEngine {
  readonly kind: EngineKind;
  /** Starts argv in the target. Rejects with `ExecutorError` when the engine refused to create it. */
  exec(request: EngineExecRequest, handlers: EngineExecHandlers): Promise<EngineExec>;
  /** Releases the client (and what shellgate created, such as a container from `image`). */
  close(): Promise<void>;
}
