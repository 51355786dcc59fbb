import { ConfigError } from "../../config/config-error.js";
import type { ShellgateConfig } from "../../config/schema.js";
import { createSafetyGate, SafetyConfigError, type SafetyContext } from "../../safety/index.js";
import type { Verdict } from "../../safety/verdict.js";
import { safetyGateOptionsFromConfig } from "../config-options.js";

/** The safety gate as the instance uses it: one synchronous verdict per command line. */
export interface InstanceGate {
  check(command: string, context?: SafetyContext): Verdict;
}

/** The safety gate for this config, loaded once; a list it cannot use is a `ConfigError`. */
export async function instanceGate(config: ShellgateConfig): Promise<InstanceGate> {
  try {
    const gate = await createSafetyGate(safetyGateOptionsFromConfig(config));
    return { check: (command, context) => gate.check(command, context) };
  } catch (error) {
    if (error instanceof SafetyConfigError) throw new ConfigError(`config: ${error.message}`);
    throw error;
  }
}
