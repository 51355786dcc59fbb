import path from "node:path";
import { shellWorkdirToNative, wslCdArgument } from "../../../platforms/index.js";
import { blockedText } from "../../text/refusals/refusal-text.js";
import { buildEnvironment } from "../environment/build-environment.js";
import { planSpawn } from "../spawn/plan-spawn.js";
import { type SpawnPlan, SpawnPlanError } from "../spawn/spawn-plan.js";
import { ExecutionError } from "./execution-error.js";
import type { RunOptions } from "./run-options.js";
import { assertWorkingDirectory } from "./working-directory.js";

export interface PreparedRun {
  readonly plan: SpawnPlan;
  readonly env: Record<string, string>;
  readonly cwd: string;
}

/** A variable of `env` by name, case-insensitively as Windows reads its environment. */
function windowsVariable(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const key = Object.keys(env).find((candidate) => candidate.toUpperCase() === name);
  return key === undefined ? undefined : env[key];
}

/**
 * The native working directory for one call, from `workdir` (native or shell spelling) and the base.
 * A shell spelling lands where that shell would be: Git Bash's `/tmp` is `%TEMP%`, `~` its `$HOME`,
 * `/usr/…` under its install root.
 */
export function nativeWorkingDirectory(
  options: Pick<RunOptions, "resolution" | "cwd" | "workdir" | "env">,
): string {
  const { resolution } = options;
  const windows = resolution.platform === "win32";
  const resolver = windows ? path.win32 : path.posix;
  const base = options.cwd ?? process.cwd();
  if (!options.workdir) return base;
  if (!windows) return resolver.resolve(base, options.workdir);
  const env = options.env ?? process.env;
  const tempDirectory = windowsVariable(env, "TEMP") ?? windowsVariable(env, "TMP");
  const workdir = shellWorkdirToNative(options.workdir, resolution.kind, {
    ...(resolution.root === undefined ? {} : { root: resolution.root }),
    ...(resolution.home === undefined ? {} : { home: resolution.home }),
    ...(resolution.flavor === undefined ? {} : { flavor: resolution.flavor }),
    ...(resolution.distro === undefined ? {} : { distro: resolution.distro }),
    ...(tempDirectory === undefined ? {} : { tempDirectory }),
  });
  return resolver.resolve(base, workdir);
}

/**
 * Everything that must hold before a spawn: the gate allows the command, the working directory
 * exists, a plan exists for the shell kind. Throws `ExecutionError`; nothing has been spawned then.
 */
export function prepareRun(command: string, options: RunOptions): PreparedRun {
  const verdict = options.verdict ?? options.check?.(command);
  if (verdict && !verdict.allowed) throw new ExecutionError("blocked", blockedText(verdict), verdict);
  const cwd = nativeWorkingDirectory(options);
  assertWorkingDirectory(cwd, options.workdir);
  const { resolution } = options;
  let plan: SpawnPlan;
  try {
    // WSL translates a native --cd with the distribution's own automount root.
    const shellCwd = resolution.kind === "wsl" ? wslCdArgument(cwd, resolution.distro) : undefined;
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
