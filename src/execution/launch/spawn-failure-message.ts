import type { SpawnPlan } from "../spawn/spawn-plan.js";

/** The model-facing message for a spawn failure (the OS could not start the program). */
export function spawnFailureMessage(
  plan: Pick<SpawnPlan, "delivery" | "file">,
  error: NodeJS.ErrnoException,
): string {
  const code = error.code ?? "error";
  if (plan.delivery === "direct" && code === "ENOENT") {
    return `command not found: ${plan.file}. No bash is available, so commands run without a shell; give the program's full path, or install Git for Windows or WSL.`;
  }
  if (code === "ENOENT") {
    return `cannot start the shell ${plan.file}: it was not found (ENOENT). Check bash_path or run 'shellgate doctor'.`;
  }
  return `cannot start ${plan.file}: ${error.message}`;
}
