import { randomBytes } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Writes a long command's script into the private (0700) spill directory: mode 0600, a new name
 * (`wx`, never following a planted file). Returns its native path; throws the fs error.
 */
export function writeScriptFile(directory: string, content: (file: string) => string): string {
  const file = path.join(directory, `${randomBytes(12).toString("hex")}-command.sh`);
  writeFileSync(file, content(file), { mode: 0o600, flag: "wx" });
  return file;
}

/** Removes a script file; it may already have removed itself. */
export function removeScriptFile(file: string): void {
  rmSync(file, { force: true });
}
