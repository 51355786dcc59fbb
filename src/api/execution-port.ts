/**
 * What the tools need from an executor, in the model's terms: text with the dsh markers plus the
 * structured result. The local implementation adapts the execution layer's executor seam
 * (`src/executor/`); a host can pass its own (a container, a remote machine) as `host.executor`.
 */
export interface ExecutionRunRequest {
  readonly command: string;
  /** Absolute. */
  readonly workdir: string;
  /** Undefined: the configured default applies. */
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
  /** Opaque owner token; `undefined` only for callers with no session. */
  readonly owner: string | undefined;
}

export interface ExecutionRunOutcome {
  /** The model-facing text: stdout, `[stderr]`, markers. */
  readonly text: string;
  readonly structured: Readonly<Record<string, unknown>>;
}

export interface ExecutionStartOutcome {
  readonly taskId: string;
  readonly text: string;
}

export interface ExecutionTaskOutcome {
  readonly text: string;
  readonly structured: Readonly<Record<string, unknown>>;
}

export interface ExecutionPort {
  /** Resolves for every process outcome (non-zero, timeout, abort); rejects only on infrastructure failure. */
  run(request: ExecutionRunRequest): Promise<ExecutionRunOutcome>;
  /** Starts a background task; no timeout applies. */
  start(request: Omit<ExecutionRunRequest, "timeoutMs">): Promise<ExecutionStartOutcome>;
  /** Output since the previous read plus a status line. Rejects for unknown or foreign tasks. */
  read(taskId: string, owner: string | undefined): Promise<ExecutionTaskOutcome>;
  /** Kills a task's tree; a finished task is a reported no-op. Rejects for unknown or foreign tasks. */
  kill(taskId: string, owner: string | undefined): Promise<ExecutionTaskOutcome>;
  /** Registers a completion listener; returns its disposer. */
  onTaskDone?(
    listener: (task: { readonly id: string; readonly owner: string | undefined }) => void,
  ): () => void;
  /** Kills every running task and waits for each tree to exit. */
  close(): Promise<void>;
}
