import type { ChildProcess, SpawnOptions } from "node:child_process";
import crossSpawn from "cross-spawn";
import { systemProgramPath } from "../../../platforms/index.js";

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
 * decided (`crossSpawn(file, args, options)` is exactly this, `spawn`, then `hookErrors`), with the
 * command interpreter pinned (`pinCommandInterpreter`).
 */
export function decideCrossSpawn(
  file: string,
  args: readonly string[],
  options: SpawnOptions,
): CrossSpawnDecision {
  return pinCommandInterpreter(steps._parse(file, [...args], options), options, systemProgramPath("cmd"));
}

/**
 * cross-spawn wraps a batch file in `process.env.comspec || "cmd.exe"`: this process's ComSpec, not
 * the command's, and a bare `cmd.exe` when there is none (the MCP SDK's default environment for a
 * stdio server has none), which Windows looks for in the command's working directory first. A
 * wrapped decision (the only one where cross-spawn turns Node's verbatim arguments on) starts the
 * system's cmd.exe by its absolute path instead. Pure.
 */
export function pinCommandInterpreter(
  decision: CrossSpawnDecision,
  requested: SpawnOptions,
  interpreter: string,
): CrossSpawnDecision {
  const wrapped =
    decision.options.windowsVerbatimArguments === true && requested.windowsVerbatimArguments !== true;
  return wrapped ? { ...decision, command: interpreter } : decision;
}

/** cross-spawn's ENOENT fix-up for a command it wrapped in cmd.exe (exit 1 of a missing program). */
export function hookCrossSpawnErrors(child: ChildProcess, decision: CrossSpawnDecision): void {
  steps._enoent.hookChildProcess(child, decision);
}
