import type { SafetyGate } from "../safety/gate.js";
import type { SafetyGateOptions } from "../safety/options.js";
import type { Verdict } from "../safety/verdict.js";

// The gate's rules and parser glue are the largest part of the package, and most hosts make their
// gate through createShellgate (which loads it itself); the root import leaves it unloaded until a
// gate is made here.

/** Builds a safety gate; see `createSafetyGate` in the README. */
export async function createSafetyGate(options?: SafetyGateOptions): Promise<SafetyGate> {
  const gate = await import("../safety/gate.js");
  return gate.createSafetyGate(options);
}

/** One verdict from a one-off gate; see `checkCommand` in the README. */
export async function checkCommand(command: string, options?: SafetyGateOptions): Promise<Verdict> {
  const gate = await import("../safety/gate.js");
  return gate.checkCommand(command, options);
}
