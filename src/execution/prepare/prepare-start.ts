import { type ShellResolution, wslCdArgument } from "../../../platforms/index.js";
import { blockedText } from "../../text/refusals/refusal-text.js";
import { buildEnvironment } from "../environment/build-environment.js";
import { createRunMarker, type RunMarker } from "../environment/run-marker.js";
import { prepareDirectPlan } from "../fallback/prepare-direct-plan.js";
import type { LaunchPlan } from "../launch/launcher.js";
import { withExitStatus } from "../run/background-status.js";
import { ExecutionError } from "../run/execution-error.js";
import type { RunOptions } from "../run/run-options.js";
import { decideLongCommand, sourceScriptCommand } from "../spawn/long-command.js";
import { mergePlanEnvironment, type PlanSpawnOptions, planSpawn } from "../spawn/plan-spawn.js";
import { removeScriptFile } from "../spawn/script-file.js";
import { type SpawnPlan, SpawnPlanError } from "../spawn/spawn-plan.js";
import { shellPathOf, writeCommandScript } from "./command-script.js";
import { commandTextProblem, nulByteProblem } from "./command-text.js";
import { judgeStart } from "./judge-start.js";
import { nativeWorkingDirectory } from "./native-working-directory.js";
import { assertWorkingDirectory } from "./working-directory.js";

/** How a command becomes a plan; `planSpawn` unless a test or host puts its own in. */
export type PlanStartFunction = (
  resolution: ShellResolution,
  command: string,
  cwd: string,
  options: PlanSpawnOptions,
) => SpawnPlan;

/** What one start is prepared from: the instance's settings and this call's inputs, as plain values. */
export interface PrepareStartOptions
  extends Pick<
    RunOptions,
    | "resolution"
    | "cwd"
    | "workdir"
    | "env"
    | "envSet"
    | "envScrub"
    | "envAllow"
    | "envDeny"
    | "instanceMarker"
    | "check"
    | "verdict"
    | "spillDirectory"
    | "sandbox"
    | "launcher"
  > {
  /** The run marker every process of this start inherits; default a fresh one. */
  readonly marker?: RunMarker;
  /**
   * Detached starts: the file the shell writes the command's exit status to when it ends (see
   * run/background-status.ts). A no-bash plan has no shell to write it and ignores it.
   */
  readonly exitStatusFile?: string;
  /** A start on a terminal: it gets a real terminal type instead of the non-interactive `TERM=dumb`. */
  readonly terminal?: boolean;
  /** The planning step; default `planSpawn`. */
  readonly planSpawn?: PlanStartFunction;
}

/** A start ready for a launcher: nothing of it runs yet. */
export interface PreparedStart {
  /** The plan as the launcher carries it out: enclosed, its environment complete, the marker in it. */
  readonly plan: LaunchPlan;
  /** The native working directory, checked to exist. */
  readonly cwd: string;
  /** Whether the plan runs inside the OS sandbox. */
  readonly sandboxed: boolean;
  /** What the result says after the output: a denial marker, or that `auto` could not sandbox. */
  trailer(output: string): string;
  /** Lets go of the start's sandbox registration; once it has exited or failed to start. */
  release(): void;
}

/** The variables given with the call and the working directory must reach the OS whole. */
function assertDeliverableInputs(options: PrepareStartOptions): void {
  for (const [name, value] of Object.entries(options.envSet ?? {})) {
    const problem = nulByteProblem(
      `environment variable ${JSON.stringify(name.replace(/\0/g, "\\0"))}`,
      name + value,
    );
    if (problem !== null) throw new ExecutionError("invalid-command", problem);
  }
  const workdirProblem = nulByteProblem("working directory", `${options.cwd ?? ""}${options.workdir ?? ""}`);
  if (workdirProblem !== null) throw new ExecutionError("bad-cwd", workdirProblem);
}

function planOrRefuse<T>(make: () => T): T {
  try {
    return make();
  } catch (error) {
    if (error instanceof SpawnPlanError) throw new ExecutionError("no-shell", error.message);
    throw error;
  }
}

/**
 * The one prepare step of every start (foreground, background, detached, managed): the text is
 * checked (NUL, empty, size), judged where it starts unless the admission already did, the working
 * directory checked once, a long command put in a script file, the plan made (WSL gets its `--cd`),
 * the environment built and scrubbed with the instance marker, and the plan enclosed by the
 * sandbox. Throws `ExecutionError`; nothing runs then, and nothing is left but a tracked script file.
 */
export async function prepareStart(command: string, options: PrepareStartOptions): Promise<PreparedStart> {
  const textProblem = commandTextProblem(command);
  if (textProblem !== null) throw new ExecutionError("invalid-command", textProblem);
  assertDeliverableInputs(options);
  const { resolution } = options;
  const delivery = decideLongCommand(resolution.kind, resolution.platform, command);
  if (delivery.delivery === "refused") throw new ExecutionError("invalid-command", delivery.message);
  const cwd = nativeWorkingDirectory(options);
  const baseEnvironment = options.env ?? process.env;
  // Judged where it starts: the admission's verdict when it judged this command here, else the gate now.
  const verdict = judgeStart(
    command,
    { cwd, env: baseEnvironment, shell: resolution },
    {
      verdict: options.verdict,
      check: options.check,
      sameDirectory: (admitted) =>
        admitted === cwd || nativeWorkingDirectory({ ...options, workdir: admitted }) === cwd,
    },
  );
  if (verdict && !verdict.allowed) throw new ExecutionError("blocked", blockedText(verdict), verdict);
  // A remote target checks its own directories and takes a long command itself.
  const local = options.launcher?.local ?? true;
  if (local) assertWorkingDirectory(cwd, options.workdir);
  const scriptFile =
    delivery.delivery === "script-file" && local
      ? writeCommandScript(command, resolution, options.spillDirectory)
      : undefined;
  let plan: SpawnPlan;
  try {
    // WSL translates a native --cd with the distribution's own automount root.
    const shellCwd = resolution.kind === "wsl" ? wslCdArgument(cwd, resolution.distro) : undefined;
    const asGiven =
      scriptFile === undefined ? command : sourceScriptCommand(shellPathOf(scriptFile, resolution));
    // Added after the gate judged `command`: shellgate's own text, not the caller's.
    const delivered =
      options.exitStatusFile === undefined || resolution.kind === "none"
        ? asGiven
        : withExitStatus(asGiven, shellPathOf(options.exitStatusFile, resolution));
    const planStart = options.planSpawn ?? planSpawn;
    plan = planOrRefuse(() =>
      planStart(resolution, delivered, cwd, shellCwd === undefined ? {} : { shellCwd }),
    );
    if (scriptFile !== undefined) plan = { ...plan, scriptFile };
  } catch (error) {
    if (scriptFile !== undefined) removeScriptFile(scriptFile);
    throw error;
  }
  const env = buildEnvironment(baseEnvironment, {
    platform: resolution.platform,
    ...(options.envScrub === undefined ? {} : { scrub: options.envScrub }),
    ...(options.envAllow ? { allow: options.envAllow } : {}),
    ...(options.envDeny ? { deny: options.envDeny } : {}),
    ...(options.envSet ? { set: options.envSet } : {}),
  });
  if (options.instanceMarker) env[options.instanceMarker.name] = options.instanceMarker.value;
  // Only a no-bash plan looks programs up; the merged copy is for that lookup alone.
  if (plan.delivery === "direct") {
    const direct = plan;
    plan = planOrRefuse(() => prepareDirectPlan(direct, mergePlanEnvironment(env, direct)));
  }
  const marker = options.marker ?? createRunMarker();
  const enclosed = options.sandbox ? await options.sandbox.enclose(plan) : undefined;
  if (enclosed?.kind === "refused") {
    if (plan.scriptFile !== undefined) removeScriptFile(plan.scriptFile);
    throw new ExecutionError("sandbox-unavailable", enclosed.message);
  }
  const final = enclosed ? enclosed.plan : plan;
  const complete = mergePlanEnvironment(env, final, marker);
  // The non-interactive TERM=dumb suits pipes; a real terminal gets a real terminal type.
  if (options.terminal) complete.TERM = "xterm-256color";
  const { env: _planVariables, pathPrepend: _pathPrepend, envDefaults: _envDefaults, ...rest } = final;
  return {
    plan: { ...rest, env: complete, marker },
    cwd,
    sandboxed: enclosed?.sandboxed ?? false,
    trailer: (output) => enclosed?.trailer(output) ?? "",
    release: () => enclosed?.release(),
  };
}
