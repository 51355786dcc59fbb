import path from "node:path";
import { toNativePath, toShellPath } from "../../../platforms/index.js";
import { blockedText } from "../../text/refusals/refusal-text.js";
import { buildEnvironment } from "../environment/build-environment.js";
import { prepareDirectPlan } from "../fallback/prepare-direct-plan.js";
import { mergePlanEnvironment, planSpawn } from "../spawn/plan-spawn.js";
import { type SpawnPlan, SpawnPlanError } from "../spawn/spawn-plan.js";
import { ExecutionError } from "./execution-error.js";
import type { RunOptions } from "./run-options.js";
import { assertWorkingDirectory } from "./working-directory.js";

export interface PreparedRun {
  readonly plan: SpawnPlan;
  readonly env: Record<string, string>;
  readonly cwd: string;
}

/** The native working directory for one call, from `workdir` (native or shell spelling) and the base. */
export function nativeWorkingDirectory(options: Pick<RunOptions, "resolution" | "cwd" | "workdir">): string {
  const { resolution } = options;
  const windows = resolution.platform === "win32";
  const resolver = windows ? path.win32 : path.posix;
  const base = options.cwd ?? process.cwd();
  const distro = resolution.distro === undefined ? {} : { distro: resolution.distro };
  const workdir =
    options.workdir && windows ? toNativePath(options.workdir, resolution.kind, distro) : options.workdir;
  return workdir ? resolver.resolve(base, workdir) : base;
}

/**
 * Everything that must hold before a spawn: the gate allows the command, the working directory
 * exists, a plan exists for the shell kind. Throws `ExecutionError`; nothing has been spawned then.
 */
export function prepareRun(command: string, options: RunOptions): PreparedRun {
  const verdict = options.verdict ?? options.check?.(command);
  if (verdict && !verdict.allowed) throw new ExecutionError("blocked", blockedText(verdict), verdict);
  const cwd = nativeWorkingDirectory(options);
  assertWorkingDirectory(cwd);
  const { resolution } = options;
  let plan: SpawnPlan;
  try {
    const shellCwd =
      resolution.kind === "wsl"
        ? toShellPath(cwd, "wsl", resolution.distro === undefined ? {} : { distro: resolution.distro })
        : undefined;
    plan = planSpawn(resolution, command, cwd, shellCwd === undefined ? {} : { shellCwd });
  } catch (error) {
    if (error instanceof SpawnPlanError) throw new ExecutionError("no-shell", error.message);
    throw error;
  }
  const env = buildEnvironment(options.env ?? process.env, {
    platform: resolution.platform,
    ...(options.envScrub === undefined ? {} : { scrub: options.envScrub }),
    ...(options.envAllow ? { allow: options.envAllow } : {}),
    ...(options.envDeny ? { deny: options.envDeny } : {}),
    ...(options.envSet ? { set: options.envSet } : {}),
  });
  try {
    plan = prepareDirectPlan(plan, mergePlanEnvironment(env, plan));
  } catch (error) {
    if (error instanceof SpawnPlanError) throw new ExecutionError("no-shell", error.message);
    throw error;
  }
  return { plan, env, cwd };
}

/** The model-facing message for a spawn failure (the OS could not start the program). */
export function spawnFailureMessage(plan: SpawnPlan, error: NodeJS.ErrnoException): string {
  const code = error.code ?? "error";
  if (plan.delivery === "direct" && code === "ENOENT") {
    return `command not found: ${plan.file}. No bash is available, so commands run without a shell; give the program's full path, or install Git for Windows or WSL.`;
  }
  if (code === "ENOENT") {
    return `cannot start the shell ${plan.file}: it was not found (ENOENT). Check bash_path or run 'shellgate doctor'.`;
  }
  return `cannot start ${plan.file}: ${error.message}`;
}
