import type { ShellResolution } from "../../../platforms/index.js";
import type { BuildEnvironmentOptions } from "../../execution/environment/build-environment.js";
import { definedOnly } from "../../execution/environment/defined-only.js";
import { RUN_MARKER_VARIABLE } from "../../execution/environment/run-marker.js";
import type { SpillDirectory } from "../../execution/io/spill-directory.js";
import {
  LaunchError,
  type Launched,
  type Launcher,
  type LaunchOutput,
} from "../../execution/launch/launcher.js";
import {
  type PlanStartFunction,
  type PreparedStart,
  prepareStart,
} from "../../execution/prepare/prepare-start.js";
import { ExecutionError, type ExecutionErrorCode } from "../../execution/run/execution-error.js";
import type { Sandbox } from "../../execution/sandbox/index.js";
import type { SpawnPlan } from "../../execution/spawn/spawn-plan.js";
import { ManagedProcessError, type ManagedProcessErrorCode } from "../managed-process-error.js";
import type { PlanSpawnFunction } from "../process-manager-options.js";

/** Terminal sizing is not offered; a fixed, common size keeps output predictable. */
const TERMINAL_COLUMNS = 120;
const TERMINAL_ROWS = 30;

export interface ManagedStartRequest {
  readonly processId: string;
  readonly command: string;
  readonly cwd: string;
  readonly resolution: ShellResolution;
  readonly platform: NodeJS.Platform;
  /** Whether the start runs on a terminal (the caller checked that one can). */
  readonly terminal: boolean;
  /** The environment the child's is built from, and which of its variables the child gets. */
  readonly baseEnvironment: NodeJS.ProcessEnv;
  readonly environment: Pick<BuildEnvironmentOptions, "scrub" | "allow" | "deny">;
  readonly sandbox?: Sandbox | undefined;
  /** Where a long command's script file goes (see `ManagedSettings.spillDirectory`). */
  readonly spillDirectory?: string | SpillDirectory | undefined;
  /** A host's planning seam, completed with the execution plan's defaults. */
  readonly planSpawn?: PlanSpawnFunction | undefined;
  readonly launcher: Launcher;
  readonly onOutput: LaunchOutput;
}

/** A managed process that runs, and what its enclosure says about its output. */
export interface ManagedStart {
  readonly launched: Launched;
  readonly trailer: PreparedStart["trailer"];
}

// A code without a managed twin is a start that failed (spawn_failed).
const MANAGED_CODES: Readonly<Partial<Record<ExecutionErrorCode, ManagedProcessErrorCode>>> = {
  blocked: "blocked",
  "invalid-timeout": "invalid_input",
  "invalid-command": "invalid_input",
  "bad-cwd": "spawn_failed",
  "no-shell": "spawn_failed",
  "spawn-failed": "spawn_failed",
  aborted: "cancelled",
  "concurrency-limit": "concurrency_limit",
  "background-limit": "concurrency_limit",
  "sandbox-unavailable": "sandbox_unavailable",
};

/** A host's plan with what the execution plan would have said for the rest. */
function completedPlanning(seam: PlanSpawnFunction, platform: NodeJS.Platform): PlanStartFunction {
  return (resolution, command, cwd): SpawnPlan => {
    const plan = seam(resolution, command, cwd);
    const { env, ...rest } = plan;
    return {
      shell: resolution.kind,
      delivery: "argv",
      detached: platform !== "win32",
      windowsHide: true,
      crossSpawn: false,
      ...rest,
      ...(env === undefined ? {} : { env: definedOnly(env) }),
    };
  };
}

/**
 * Prepares a managed start the way every start is prepared (`prepareStart`: the text checked, a long
 * command in a script file, the directory checked, the plan, the environment, the sandbox) and
 * launches it, with its process id as the run marker. Every failure is an error the model can act
 * on, in the same sentence a foreground run gives; nothing runs then.
 */
export async function launchManagedStart(request: ManagedStartRequest): Promise<ManagedStart> {
  let prepared: PreparedStart;
  try {
    prepared = await prepareStart(request.command, {
      resolution: request.resolution,
      cwd: request.cwd,
      env: request.baseEnvironment,
      ...(request.environment.scrub === undefined ? {} : { envScrub: request.environment.scrub }),
      ...(request.environment.allow ? { envAllow: request.environment.allow } : {}),
      ...(request.environment.deny ? { envDeny: request.environment.deny } : {}),
      marker: { name: RUN_MARKER_VARIABLE, value: request.processId },
      terminal: request.terminal,
      sandbox: request.sandbox,
      spillDirectory: request.spillDirectory,
      // A remote target checks its own directories and takes a long command itself.
      launcher: request.launcher,
      ...(request.planSpawn ? { planSpawn: completedPlanning(request.planSpawn, request.platform) } : {}),
    });
  } catch (error) {
    if (error instanceof ExecutionError)
      throw new ManagedProcessError(MANAGED_CODES[error.code] ?? "spawn_failed", error.message);
    throw error;
  }
  let launched: Launched;
  try {
    launched = await request.launcher.launch(
      prepared.plan,
      request.terminal
        ? { kind: "terminal", columns: TERMINAL_COLUMNS, rows: TERMINAL_ROWS, onOutput: request.onOutput }
        : { kind: "pipes", stdin: "open", onOutput: request.onOutput },
    );
  } catch (error) {
    prepared.release();
    if (error instanceof LaunchError) throw new ManagedProcessError("spawn_failed", error.message);
    throw new ManagedProcessError(
      "spawn_failed",
      `The process could not be started: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  void launched.exited.then(() => prepared.release());
  return { launched, trailer: (output) => prepared.trailer(output) };
}

/** The resolution used when the host passes none: plain bash, where every POSIX host has it. */
export function defaultResolution(platform: NodeJS.Platform): ShellResolution {
  return {
    platform,
    kind: "bash",
    path: platform === "win32" ? null : "/bin/bash",
    source: "managed-default",
    warnings: [],
    trace: [],
  };
}
