import type { EngineExit } from "../engine.js";

/** The `V1Status` a Kubernetes exec sends on its status channel (3) as it ends. */
export interface ExecStatus {
  readonly status?: string;
  readonly message?: string;
  readonly reason?: string;
  readonly details?: { readonly causes?: readonly { readonly reason?: string; readonly message?: string }[] };
}

/**
 * How a Kubernetes exec ended, read as a local run would be: `Success` is exit 0, a
 * `NonZeroExitCode` failure carries the code in its causes, and any other failure (the program was
 * not found, the runtime refused) means the command never started. The runtime folds a signal
 * death into 128+N as Docker does. Pure.
 */
export function execStatusExit(status: ExecStatus): EngineExit {
  if (status.status === "Success") return { kind: "exited", exitCode: 0, signal: null };
  if (status.reason === "NonZeroExitCode") {
    const cause = status.details?.causes?.find((entry) => entry.reason === "ExitCode");
    const code = Number(cause?.message);
    if (Number.isInteger(code)) return { kind: "exited", exitCode: code, signal: null };
  }
  return {
    kind: "not-started",
    message: `Kubernetes could not run the program: ${status.message ?? status.reason ?? "unknown failure"}`,
  };
}

/** The error body the API server answers an exec request with (RBAC, a missing pod or container). */
export interface ApiStatusBody {
  readonly message?: string;
  readonly reason?: string;
  readonly code?: number;
}

export function parseStatusBody(text: string): ApiStatusBody | undefined {
  try {
    const parsed = JSON.parse(text) as unknown;
    return typeof parsed === "object" && parsed !== null ? (parsed as ApiStatusBody) : undefined;
  } catch {
    return undefined;
  }
}
