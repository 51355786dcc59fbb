import type { ChildProcess, SpawnOptions } from "node:child_process";
import crossSpawn from "cross-spawn";

/** What cross-spawn decided for a command (PATHEXT, `.cmd` shims through cmd.exe), as `spawn` takes it. */
export interface CrossSpawnDecision {
  readonly command: string;
  readonly args: string[];
  readonly options: SpawnOptions;
}

/** The two steps cross-spawn's own `spawn` is made of; untyped in its published types. */
const steps = crossSpawn as unknown as {
  _parse(command: string, args: string[], options: SpawnOptions): CrossSpawnDecision;
  _enoent: { hookChildProcess(child: ChildProcess, decision: CrossSpawnDecision): void };
};

/**
 * cross-spawn's decision without its spawn, so the Windows launcher can go in front of what it
 * decided (`crossSpawn(file, args, options)` is exactly this, `spawn`, then `hookErrors`).
 */
export function decideCrossSpawn(
  file: string,
  args: readonly string[],
  options: SpawnOptions,
): CrossSpawnDecision {
  return steps._parse(file, [...args], options);
}

/** cross-spawn's ENOENT fix-up for a command it wrapped in cmd.exe (exit 1 of a missing program). */
export function hookCrossSpawnErrors(child: ChildProcess, decision: CrossSpawnDecision): void {
  steps._enoent.hookChildProcess(child, decision);
}
