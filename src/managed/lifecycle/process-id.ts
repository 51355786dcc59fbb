import { randomBytes } from "node:crypto";

/** Opaque, unguessable handle: never a PID, so it cannot be confused with or aimed at one. */
export function createProcessId(): string {
  return randomBytes(16).toString("hex");
}
