import { randomBytes } from "node:crypto";

/** `bash-` plus 64 random bits: not guessable, so ids alone never grant access (ownership still applies). */
export function createTaskId(): string {
  return `bash-${randomBytes(8).toString("hex")}`;
}
