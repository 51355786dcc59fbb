import type { ShellResolution } from "../../../platforms/resolve/resolution.js";
import type { SpawnPlan } from "../../../src/execution/spawn/spawn-plan.js";
import { startProcess } from "../../../src/execution/spawn/start-process.js";

export interface PlanOutcome {
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCode: number | null;
  /** The spawn error code (ENOENT, EINVAL, ...), when the process could not start. */
  readonly errorCode?: string;
}

/** The host environment as a plain record, with `directory` first on PATH (whatever the key's case). */
export function environmentWithPathFirst(directory?: string): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) environment[key] = value;
  if (directory === undefined) return environment;
  const pathKey = Object.keys(environment).find((key) => key.toLowerCase() === "path") ?? "PATH";
  environment[pathKey] = `${directory};${environment[pathKey] ?? ""}`;
  return environment;
}

/** Carries out a plan with shellgate's own spawner and collects what the process printed. */
export function runPlan(plan: SpawnPlan, env: Readonly<Record<string, string>>): Promise<PlanOutcome> {
  return new Promise((resolve) => {
    const child = startProcess(plan, { env });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.on("error", (error: NodeJS.ErrnoException) => {
      resolve({ stdout: "", stderr: "", exitCode: null, errorCode: error.code ?? error.message });
    });
    child.on("close", (exitCode) => {
      resolve({
        stdout: Buffer.concat(stdout).toString("utf8"),
        stderr: Buffer.concat(stderr).toString("utf8"),
        exitCode,
      });
    });
  });
}

/** A kind `none` resolution: no bash anywhere, so commands run as simple commands. */
export const NO_BASH: ShellResolution = {
  platform: "win32",
  kind: "none",
  path: null,
  source: "none",
  warnings: [],
  trace: [],
};

/** Single-quotes a word for the fallback's shell-quote splitter (`'` becomes `'"'"'`). */
export function quoteWord(word: string): string {
  return `'${word.replace(/'/g, `'"'"'`)}'`;
}
