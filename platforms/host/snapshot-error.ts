/**
 * Thrown for a snapshot that does not match the format; the message names the field. Apart from the
 * schema so that code which only recognises the error (the CLI's exit codes) loads no zod.
 */
export class HostSnapshotError extends Error {
  override readonly name = "HostSnapshotError";
}
