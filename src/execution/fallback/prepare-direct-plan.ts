import type { SpawnPlan } from "../spawn/spawn-plan.js";
import { SpawnPlanError } from "../spawn/spawn-plan.js";
import { batchArgumentRefusal } from "./batch-arguments.js";
import { resolveProgram } from "./resolve-program.js";
import { INSTALL_BASH_HINT } from "./split-simple-command.js";

/**
 * Completes a no-bash (kind `none`) plan on Windows before it is spawned: the program becomes an
 * absolute path found without the working directory, and arguments that cmd.exe would re-read as
 * code are refused when that program is a batch file. Other plans pass through unchanged.
 * Throws `SpawnPlanError` with a message the model can act on; nothing has been spawned then.
 */
export function prepareDirectPlan<
  Plan extends Pick<SpawnPlan, "file" | "args" | "cwd"> & { readonly delivery?: SpawnPlan["delivery"] },
>(
  plan: Plan,
  env: Readonly<Record<string, string | undefined>>,
  platform: NodeJS.Platform = process.platform,
): Plan {
  if (plan.delivery !== "direct" || platform !== "win32") return plan;
  const file = resolveProgram(plan.file, { env, cwd: plan.cwd });
  if (file === null) {
    throw new SpawnPlanError(
      `command not found: ${plan.file} is not on PATH (the working directory is not searched, so a program planted in a repository never runs). No bash is available, so commands run without a shell; give the program's full path. ${INSTALL_BASH_HINT}`,
    );
  }
  const refusal = batchArgumentRefusal(plan.file, file, plan.args);
  if (refusal !== null) throw new SpawnPlanError(refusal);
  return { ...plan, file };
}
