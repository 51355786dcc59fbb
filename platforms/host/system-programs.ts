import { win32 } from "node:path";

/** The Windows programs shellgate itself starts; never a bare name. */
export type SystemProgram = "reg" | "taskkill" | "powershell" | "wmic" | "cmd";

const LOCATIONS: Readonly<Record<SystemProgram, readonly string[]>> = {
  reg: ["System32", "reg.exe"],
  taskkill: ["System32", "taskkill.exe"],
  powershell: ["System32", "WindowsPowerShell", "v1.0", "powershell.exe"],
  wmic: ["System32", "wbem", "wmic.exe"],
  cmd: ["System32", "cmd.exe"],
};

// A plain record (not process.env) keeps the case its author gave, and Windows names have none.
function variable(env: Readonly<Record<string, string | undefined>>, name: string): string | undefined {
  if (env[name] !== undefined) return env[name];
  const key = Object.keys(env).find((candidate) => candidate.toUpperCase() === name.toUpperCase());
  return key === undefined ? undefined : env[key];
}

/**
 * The absolute path of a Windows system program. Started by bare name, Windows (libuv's search)
 * looks in the working directory first, so a repository could plant `reg.exe` (run during shell
 * resolution) or `taskkill.exe` (run to end a tree). `%SystemRoot%` is the host's own, never the
 * command's; a relative one would name the working directory again, so it is not taken.
 */
export function systemProgramPath(
  program: SystemProgram,
  env: Readonly<Record<string, string | undefined>> = process.env,
): string {
  const systemRoot = [variable(env, "SystemRoot"), variable(env, "windir")].find(
    (candidate) => candidate !== undefined && /^[a-z]:[\\/]/i.test(candidate),
  );
  return win32.join(systemRoot ?? "C:\\Windows", ...LOCATIONS[program]);
}
