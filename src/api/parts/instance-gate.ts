import { ConfigError } from "../../config/config-error.js";
import type { ShellgateConfig } from "../../config/schema.js";
import {
  createSafetyGate,
  SafetyConfigError,
  type SafetyContext,
  type SafetyGate,
} from "../../safety/index.js";
import type { Verdict } from "../../safety/verdict.js";
import { safetyGateOptionsFromConfig } from "../config-options.js";

/** The safety gate as the instance uses it: one synchronous verdict per command line. */
export interface InstanceGate {
  check(command: string, context?: SafetyContext): Verdict;
}

/** The gate while its grammar loads: `check` works once `loaded` has resolved. */
export interface LoadingGate {
  readonly gate: InstanceGate;
  /** Resolves when the gate is ready; a list the gate cannot use rejects it with a `ConfigError`. */
  readonly loaded: Promise<void>;
}

/**
 * Starts loading the safety gate for this config (once). The lists are validated before the
 * grammar loads, so a refused list has rejected `loaded` by the time anything else has been awaited.
 */
export function instanceGate(config: ShellgateConfig): LoadingGate {
  let ready: SafetyGate | undefined;
  const loaded = createSafetyGate(safetyGateOptionsFromConfig(config)).then(
    (gate) => {
      ready = gate;
    },
    (error: unknown) => {
      if (error instanceof SafetyConfigError) throw new ConfigError(`config: ${error.message}`);
      throw error;
    },
  );
  loaded.catch(() => undefined);
  return {
    loaded,
    gate: {
      check(command, context) {
        if (!ready)
          throw new Error("the safety gate is still loading; await its load before admitting a command");
        return ready.check(command, context);
      },
    },
  };
}
