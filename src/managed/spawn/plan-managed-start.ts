import type { ShellResolution } from "../../../platforms/index.js";
import { definedOnly } from "../../execution/environment/defined-only.js";
import { RUN_MARKER_VARIABLE } from "../../execution/environment/run-marker.js";
import { mergePlanEnvironment } from "../../execution/spawn/plan-spawn.js";
import type { PlanSpawnFunction } from "../process-manager-options.js";
import type { ManagedSpawnPlan } from "../transport/transport.js";

/**
 * The one marker scheme of the execution layer: every child of a managed process carries its
 * process id in the run marker, so orphans that left the group can still be found (Linux).
 */
export const MANAGED_MARKER_VARIABLE = RUN_MARKER_VARIABLE;

export interface ManagedStartRequest {
  readonly resolution: ShellResolution;
  readonly command: string;
  readonly cwd: string;
  readonly pty: boolean;
  readonly processId: string;
  /** The already scrubbed environment. */
  readonly environment: Readonly<Record<string, string>>;
}

export interface ManagedStartPlan {
  readonly transport: "pipe" | "pty";
  readonly spawn: ManagedSpawnPlan;
  readonly marker: { readonly name: string; readonly value: string };
}

/**
 * Decides how a managed start runs, for any platform: the execution layer's spawn plan (argv on
 * POSIX, the environment-carried wrapper for Git Bash, Cygwin and WSL), the plan's variables
 * merged into the environment, the marker, and a terminal type for pty starts. Pure: no
 * processes. Terminals are offered on every platform (ConPTY on Windows).
 */
export function planManagedStart(
  request: ManagedStartRequest,
  planSpawn: PlanSpawnFunction,
): ManagedStartPlan {
  const spawn = planSpawn(request.resolution, request.command, request.cwd);
  const marker = { name: MANAGED_MARKER_VARIABLE, value: request.processId };
  const environment: Record<string, string> = {
    ...mergePlanEnvironment(request.environment, {
      ...(spawn.env === undefined ? {} : { env: definedOnly(spawn.env) }),
      ...(spawn.pathPrepend ? { pathPrepend: spawn.pathPrepend } : {}),
      ...(spawn.envDefaults ? { envDefaults: spawn.envDefaults } : {}),
    }),
    [marker.name]: marker.value,
  };
  // The non-interactive default TERM=dumb suits pipes; a real terminal gets a real terminal type.
  if (request.pty) environment.TERM = "xterm-256color";
  return {
    transport: request.pty ? "pty" : "pipe",
    spawn: { ...spawn, env: environment },
    marker,
  };
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
