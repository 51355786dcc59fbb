import { ConfigError } from "../../config/config-error.js";
import type { ShellgateConfig } from "../../config/schema.js";
import type { SafetyContext, SafetyGate } from "../../safety/index.js";
import { SafetyConfigError, validateOptions } from "../../safety/options.js";
import type { Verdict } from "../../safety/verdict.js";
import { safetyGateOptionsFromConfig } from "../config-options.js";

/** The safety gate as the instance uses it: one synchronous verdict per command line. */
export interface InstanceGate {
  check(command: string, context?: SafetyContext): Verdict;
}

/** The gate before its grammar has loaded: `check` works once `load()` has resolved. */
export interface LoadingGate {
  readonly gate: InstanceGate;
  /** Starts the load on the first call; every call returns the same promise. */
  load(): Promise<void>;
}

function asConfigError(error: unknown): unknown {
  return error instanceof SafetyConfigError ? new ConfigError(`config: ${error.message}`) : error;
}

/**
 * The safety gate for this config, loaded once, on demand. A list the gate cannot use is a
 * `ConfigError` thrown here, at once, before anything loads.
 */
export function instanceGate(config: ShellgateConfig): LoadingGate {
  const options = safetyGateOptionsFromConfig(config);
  try {
    validateOptions(options);
  } catch (error) {
    throw asConfigError(error);
  }
  let ready: SafetyGate | undefined;
  let loading: Promise<void> | undefined;
  const load = () => {
    // Imported here, not at the top: the CLI and the MCP server do not parse the gate's code before
    // they have to (the package root exports the gate, so it loads it anyway).
    loading ??= import("../../safety/index.js")
      .then(({ createSafetyGate }) => createSafetyGate(options))
      .then(
        (gate) => {
          ready = gate;
        },
        (error: unknown) => {
          throw asConfigError(error);
        },
      );
    return loading;
  };
  return {
    load,
    gate: {
      check(command, context) {
        if (!ready)
          throw new Error("the safety gate has not loaded; await its load before admitting a command");
        return ready.check(command, context);
      },
    },
  };
}
