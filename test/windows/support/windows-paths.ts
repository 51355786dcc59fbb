import path from "node:path";
import { fakeGitRoot, onRealWindows } from "./windows-host.js";

/** The Git for Windows install the suite expects: the runner's real one, or the fake one under Wine. */
export const gitRoot: string | undefined = onRealWindows
  ? path.win32.join(process.env.ProgramFiles ?? "C:\\Program Files", "Git")
  : fakeGitRoot;

export const systemRoot = process.env.SystemRoot ?? "C:\\Windows";

/** Windows paths compare case-insensitively, whatever separators or case a tool reported. */
export function samePath(left: string | null | undefined, right: string | null | undefined): boolean {
  if (left == null || right == null) return false;
  return path.win32.normalize(left).toLowerCase() === path.win32.normalize(right).toLowerCase();
}

/** A copy of the host environment whose PATH (whatever the key's case) is exactly `entries`. */
export function environmentWithPath(entries: readonly string[]): NodeJS.ProcessEnv {
  const environment: NodeJS.ProcessEnv = { ...process.env };
  const pathKey = Object.keys(environment).find((key) => key.toLowerCase() === "path") ?? "PATH";
  environment[pathKey] = entries.join(";");
  return environment;
}

/** The host's PATH entries, in order. */
export function currentPathEntries(): string[] {
  const pathKey = Object.keys(process.env).find((key) => key.toLowerCase() === "path") ?? "PATH";
  return (process.env[pathKey] ?? "").split(";").filter((entry) => entry.length > 0);
}
