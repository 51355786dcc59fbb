import { randomBytes } from "node:crypto";

/**
 * The markers that delimit one command in a resident shell's streams. Each marker of each command
 * has its own nonce (128 random bits, made here and written only into the line that runs it), under the
 * session's own random prefix: the shell never holds either in a variable, function or file a
 * command could read, so a command cannot print a marker that ends its frame early.
 */
export interface FrameMarkers {
  /** Written to stdout and stderr before the command: what came before it belongs to no command. */
  readonly start: string;
  /** Written to stdout and stderr after the command: the stream's part of the frame is complete. */
  readonly end: string;
  /** Opens the control record (status, directory, environment) on the control pipe. */
  readonly record: string;
  /** Closes the control record. */
  readonly done: string;
}

/** A session's random prefix: 64 bits, in hex. */
export function createSessionSentinel(): string {
  return randomBytes(8).toString("hex");
}

/** A fresh nonce for one frame: 128 bits, in hex. */
export function createFrameNonce(): string {
  return randomBytes(16).toString("hex");
}

/**
 * The markers of one frame, each with a nonce of its own: one marker seen (bash keeps the last
 * argument of a command in `$_`) tells nothing of the others. The unit separator (0x1f) keeps them
 * out of ordinary text.
 */
export function frameMarkers(sentinel: string, nonce: () => string = createFrameNonce): FrameMarkers {
  const tag = (kind: string): string => `\u001fshellgate-${sentinel}-${nonce()}-${kind}\u001f`;
  return { start: tag("start"), end: tag("end"), record: tag("record"), done: tag("done") };
}
