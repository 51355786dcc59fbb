import type { EngineExit } from "../engine.js";

/** What Docker writes on the exec stream when it could not start the program at all. */
const OCI_FAILURE = /OCI runtime exec failed: ([^\r\n]*)/;

/**
 * How a Docker exec ended, read as a local run would be. Docker has no separate signal field (a
 * signal death is folded into 128+N; `remote-exit.ts` reads it back as the signal),
 * and a program or working directory that does not exist is not an API error but ExitCode 126 with
 * `OCI runtime exec failed: …` on the stream: that is "not started", never "exited 126". Pure.
 */
export function dockerExit(exitCode: number | null, startOfOutput: string): EngineExit {
  const failure = OCI_FAILURE.exec(startOfOutput);
  if (exitCode === 126 && failure) {
    return { kind: "not-started", message: `Docker could not start the program: ${failure[1]!.trim()}` };
  }
  return { kind: "exited", exitCode, signal: null };
}
