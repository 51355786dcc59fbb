import { execFile } from "node:child_process";
import type { SandboxPolicy } from "./sandbox-policy.js";
import type { WslSandboxPaths } from "./wrap-plan.js";

export interface WslTarget {
  /** `wsl.exe`, as the shell resolution found it. */
  readonly executable: string;
  readonly distro?: string | undefined;
  /** A native (Windows) path as the distribution sees it (`C:\x` → `/mnt/c/x`). */
  readonly toShellPath: (nativePath: string) => string;
}

// Prints whether bwrap is there, then `d PATH` or `f PATH` for each argument that exists.
const SCRIPT =
  'command -v bwrap >/dev/null && echo bwrap; for p; do if [ -d "$p" ]; then echo "d $p"; elif [ -e "$p" ]; then echo "f $p"; fi; done';

/** Classifies the lines the probe script printed. Pure. */
export function parseWslProbe(
  output: string,
  allowWrite: readonly string[],
): { bubblewrap: boolean; paths: WslSandboxPaths } {
  const lines = output.split(/\r?\n/);
  const denyDirectories: string[] = [];
  const denyFiles: string[] = [];
  for (const line of lines) {
    if (line.startsWith("d ")) denyDirectories.push(line.slice(2));
    else if (line.startsWith("f ")) denyFiles.push(line.slice(2));
  }
  return { bubblewrap: lines.includes("bwrap"), paths: { allowWrite, denyDirectories, denyFiles } };
}

/** Asks the distribution whether bubblewrap is there and which `deny_read` entries exist in it. */
export function probeWsl(target: WslTarget, policy: SandboxPolicy) {
  const allowWrite = policy.allowWrite.map(target.toShellPath);
  const denyRead = policy.denyRead.map(target.toShellPath);
  const distro = target.distro ? ["-d", target.distro] : [];
  return new Promise<{ bubblewrap: boolean; paths: WslSandboxPaths }>((resolve) => {
    execFile(
      target.executable,
      [...distro, "--exec", "sh", "-c", SCRIPT, "sh", ...denyRead],
      { timeout: 15_000, windowsHide: true },
      (error, stdout) => {
        if (error) resolve({ bubblewrap: false, paths: { allowWrite, denyDirectories: [], denyFiles: [] } });
        else resolve(parseWslProbe(String(stdout), allowWrite));
      },
    );
  });
}
