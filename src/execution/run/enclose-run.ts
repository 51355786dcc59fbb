import type { Sandbox } from "../sandbox/index.js";
import { ExecutionError } from "./execution-error.js";
import { type PreparedRun, prepareRun } from "./prepare-run.js";
import type { RunOptions } from "./run-options.js";

/** A prepared run inside the instance's sandbox (or unchanged, without one). */
export interface EnclosedRun extends PreparedRun {
  /** Whether the plan runs inside the OS sandbox. */
  readonly sandboxed: boolean;
  /** What the result says after the output: a denial marker, or that `auto` could not sandbox. */
  trailer(output: string): string;
  /** Lets go of the command's sandbox registration; once it has exited or failed to start. */
  release(): void;
}

const NO_SANDBOX = { sandboxed: false, trailer: () => "", release: () => {} } as const;

/**
 * The one spawn path's last step before a process starts (foreground, background, detached):
 * admission and the gate have run, the plan exists, and the sandbox encloses it. A `required`
 * sandbox that cannot run refuses here, so nothing starts unsandboxed.
 */
export async function prepareEnclosedRun(
  command: string,
  options: RunOptions & { readonly sandbox?: Sandbox | undefined },
): Promise<EnclosedRun> {
  const prepared = prepareRun(command, options);
  if (!options.sandbox) return { ...prepared, ...NO_SANDBOX };
  const enclosed = await options.sandbox.enclose(prepared.plan);
  if (enclosed.kind === "refused") throw new ExecutionError("sandbox-unavailable", enclosed.message);
  return {
    ...prepared,
    plan: enclosed.plan,
    sandboxed: enclosed.sandboxed,
    trailer: (output) => enclosed.trailer(output),
    release: () => enclosed.release(),
  };
}
