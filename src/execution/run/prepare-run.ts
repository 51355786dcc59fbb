import path from "node:path";
import {
  currentDirectory,
  shellWorkdirToNative,
  toShellPath,
  wslCdArgument,
} from "../../../platforms/index.js";
import { blockedText } from "../../text/refusals/refusal-text.js";
import { buildEnvironment } from "../environment/build-environment.js";
import { prepareDirectPlan } from "../fallback/prepare-direct-plan.js";
import { judgeStart } from "../prepare/judge-start.js";
import { decideLongCommand, scriptFileContent, sourceScriptCommand } from "../spawn/long-command.js";
import { mergePlanEnvironment, planSpawn } from "../spawn/plan-spawn.js";
import { removeScriptFile, writeScriptFile } from "../spawn/script-file.js";
import { type SpawnPlan, SpawnPlanError } from "../spawn/spawn-plan.js";
import { commandTextProblem, nulByteProblem } from "./command-text.js";
import { ExecutionError } from "./execution-error.js";
import { spillDirectoryOf } from "./run-command.js";
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
  const base = options.cwd ?? currentDirectory();
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
  const textProblem = commandTextProblem(command);
  if (textProblem !== null) throw new ExecutionError("invalid-command", textProblem);
  for (const [name, value] of Object.entries(options.envSet ?? {})) {
    const problem = nulByteProblem(
      `environment variable ${JSON.stringify(name.replace(/\0/g, "\\0"))}`,
      name + value,
    );
    if (problem !== null) throw new ExecutionError("invalid-command", problem);
  }
  const workdirProblem = nulByteProblem("working directory", `${options.cwd ?? ""}${options.workdir ?? ""}`);
  if (workdirProblem !== null) throw new ExecutionError("bad-cwd", workdirProblem);
  const delivery = decideLongCommand(options.resolution.kind, options.resolution.platform, command);
  if (delivery.delivery === "refused") throw new ExecutionError("invalid-command", delivery.message);
  const cwd = nativeWorkingDirectory(options);
  // Judged where it starts: the admission's verdict when it judged this command here, else the gate now.
  const verdict = judgeStart(
    command,
    { cwd, env: options.env ?? process.env, shell: options.resolution },
    {
      verdict: options.verdict,
      check: options.check,
      sameDirectory: (admitted) =>
        admitted === cwd || nativeWorkingDirectory({ ...options, workdir: admitted }) === cwd,
    },
  );
  if (verdict && !verdict.allowed) throw new ExecutionError("blocked", blockedText(verdict), verdict);
  assertWorkingDirectory(cwd, options.workdir);
  const { resolution } = options;
  let plan: SpawnPlan;
  const scriptFile = delivery.delivery === "script-file" ? writeCommandScript(command, options) : undefined;
  try {
    // WSL translates a native --cd with the distribution's own automount root.
    const shellCwd = resolution.kind === "wsl" ? wslCdArgument(cwd, resolution.distro) : undefined;
    const delivered =
      scriptFile === undefined ? command : sourceScriptCommand(shellPathOf(scriptFile, options));
    plan = planSpawn(resolution, delivered, cwd, shellCwd === undefined ? {} : { shellCwd });
    if (scriptFile !== undefined) plan = { ...plan, scriptFile };
  } catch (error) {
    if (scriptFile !== undefined) removeScriptFile(scriptFile);
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
  if (options.instanceMarker) env[options.instanceMarker.name] = options.instanceMarker.value;
  try {
    // Only a no-bash plan looks programs up; the merged copy is for that lookup alone.
    if (plan.delivery === "direct") plan = prepareDirectPlan(plan, mergePlanEnvironment(env, plan));
  } catch (error) {
    if (error instanceof SpawnPlanError) throw new ExecutionError("no-shell", error.message);
    throw error;
  }
  return { plan, env, cwd };
}

/** How the shell spells a native path (Git Bash `/c/…`, WSL `/mnt/c/…`; POSIX unchanged). */
function shellPathOf(file: string, options: Pick<RunOptions, "resolution">): string {
  const { resolution } = options;
  if (resolution.platform !== "win32") return file;
  return toShellPath(
    file,
    resolution.kind,
    resolution.distro === undefined ? {} : { distro: resolution.distro },
  );
}

/** A long command's script file in the private spill directory (0700 directory, 0600 file). */
function writeCommandScript(command: string, options: RunOptions): string {
  const directory = spillDirectoryOf(options.spillDirectory).path();
  const bytes = Buffer.byteLength(command, "utf8");
  if (directory === null) {
    throw new ExecutionError(
      "spawn-failed",
      `The command is ${bytes} bytes, too long to pass to the shell inline, and no private directory could be made for its script file; set spill_dir to a writable directory.`,
    );
  }
  try {
    const file = writeScriptFile(directory, (name) => scriptFileContent(command, shellPathOf(name, options)));
    spillDirectoryOf(options.spillDirectory).track(file);
    return file;
  } catch (error) {
    throw new ExecutionError(
      "spawn-failed",
      `The command is ${bytes} bytes, too long to pass to the shell inline, and its script file could not be written in ${directory} (${(error as NodeJS.ErrnoException).code ?? "error"}); free space there or set spill_dir.`,
    );
  }
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
