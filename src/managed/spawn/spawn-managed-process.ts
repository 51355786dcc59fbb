import { stat } from "node:fs/promises";
import type { ShellResolution } from "../../../platforms/index.js";
import { prepareDirectPlan } from "../../execution/fallback/prepare-direct-plan.js";
import type { Sandbox } from "../../execution/sandbox/index.js";
import { planSpawn } from "../../execution/spawn/plan-spawn.js";
import type { SpawnPlan } from "../../execution/spawn/spawn-plan.js";
import { ManagedProcessError } from "../managed-process-error.js";
import type { PlanSpawnFunction } from "../process-manager-options.js";
import type { PtyModule } from "../terminal/pty-loader.js";
import { spawnPipeTransport } from "../transport/pipe-transport.js";
import { spawnPtyTransport } from "../transport/pty-transport.js";
import type { ManagedTransport, TransportHandlers } from "../transport/transport.js";
import { planManagedStart } from "./plan-managed-start.js";

export interface SpawnManagedProcessRequest {
  readonly processId: string;
  readonly command: string;
  readonly cwd: string;
  readonly resolution: ShellResolution;
  readonly platform: NodeJS.Platform;
  /** The scrubbed environment the plan's variables are merged into. */
  readonly environment: Readonly<Record<string, string>>;
  /** node-pty for a terminal start; null for pipes. */
  readonly pty: PtyModule | null;
  readonly planSpawn: PlanSpawnFunction;
  readonly handlers: TransportHandlers;
  /** The instance's OS sandbox: the plan is enclosed before either transport spawns it. */
  readonly sandbox?: Sandbox | undefined;
  /** Receives the enclosed start's trailer (the denial marker a page of output carries). */
  readonly onSandboxTrailer?: (trailer: (output: string) => string) => void;
}

/** The plan function, with the sandbox around its plan (pipes and pty alike); or a refusal. */
async function enclosedPlanning(
  request: SpawnManagedProcessRequest,
): Promise<{ planSpawn: PlanSpawnFunction; release: () => void }> {
  if (!request.sandbox) return { planSpawn: request.planSpawn, release: () => {} };
  // The execution layer's full plan (its delivery decides what the sandbox wraps), not the seam's.
  let base: SpawnPlan;
  try {
    base = planSpawn(request.resolution, request.command, request.cwd);
  } catch (error) {
    throw new ManagedProcessError("spawn_failed", `The command could not be planned: ${messageOf(error)}`);
  }
  const enclosed = await request.sandbox.enclose(base);
  if (enclosed.kind === "refused") throw new ManagedProcessError("sandbox_unavailable", enclosed.message);
  request.onSandboxTrailer?.((output) => enclosed.trailer(output));
  return { planSpawn: () => enclosed.plan, release: () => enclosed.release() };
}

/** Plans and spawns one managed process; every failure is an error the model can act on. */
export async function spawnManagedProcess(request: SpawnManagedProcessRequest): Promise<ManagedTransport> {
  const planning = await enclosedPlanning(request);
  let plan: ReturnType<typeof planManagedStart>;
  try {
    plan = planManagedStart(
      {
        resolution: request.resolution,
        command: request.command,
        cwd: request.cwd,
        pty: request.pty !== null,
        processId: request.processId,
        environment: request.environment,
      },
      planning.planSpawn,
    );
    plan = { ...plan, spawn: prepareDirectPlan(plan.spawn, plan.spawn.env ?? request.environment) };
  } catch (error) {
    planning.release();
    throw new ManagedProcessError("spawn_failed", `The command could not be planned: ${messageOf(error)}`);
  }
  try {
    const transport =
      request.pty === null
        ? await spawnPipeTransport(plan.spawn, request.platform, request.handlers)
        : await spawnPtyTransport(request.pty, plan.spawn, request.platform, request.handlers);
    void transport.exited.then(planning.release, planning.release);
    if (plan.spawn.stdinText !== undefined) await transport.write(plan.spawn.stdinText);
    return transport;
  } catch (error) {
    planning.release();
    // Node reports a missing cwd as the shell not being found; say what is really missing.
    const missingCwd = await stat(request.cwd).then(
      (entry) => !entry.isDirectory(),
      () => true,
    );
    throw new ManagedProcessError(
      "spawn_failed",
      missingCwd
        ? `The working directory ${request.cwd} does not exist or is not a directory; nothing was started.`
        : `The process could not be started: ${messageOf(error)}`,
    );
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
