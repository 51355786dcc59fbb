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

/**
 * The absolute path of a Windows system program. Started by bare name, Windows (libuv's search)
 * looks in the working directory first, so a repository could plant `reg.exe` (run during shell
 * resolution) or `taskkill.exe` (run to end a tree). `%SystemRoot%` is the host's own, never the
 * command's.
 */
export function systemProgramPath(program: SystemProgram, env: NodeJS.ProcessEnv = process.env): string {
  const systemRoot = env.SystemRoot ?? env.SYSTEMROOT ?? env.windir ?? "C:\\Windows";
  return win32.join(systemRoot, ...LOCATIONS[program]);
}
