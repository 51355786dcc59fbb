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

/** The gate while its grammar loads: `check` works once `loaded` has resolved. */
export interface LoadingGate {
  readonly gate: InstanceGate;
  /** Resolves when the gate is ready. */
  readonly loaded: Promise<void>;
}

function asConfigError(error: unknown): unknown {
  return error instanceof SafetyConfigError ? new ConfigError(`config: ${error.message}`) : error;
}

/**
 * Starts loading the safety gate for this config (once). A list the gate cannot use is a
 * `ConfigError` thrown here, at once; the grammar loads behind `loaded`.
 */
export function instanceGate(config: ShellgateConfig): LoadingGate {
  const options = safetyGateOptionsFromConfig(config);
  try {
    validateOptions(options);
  } catch (error) {
    throw asConfigError(error);
  }
  let ready: SafetyGate | undefined;
  // Imported here, not at the top: the CLI and the MCP server do not parse the gate's code before
  // they have to (the package root exports the gate, so it loads it anyway).
  const loaded = import("../../safety/index.js")
    .then(({ createSafetyGate }) => createSafetyGate(options))
    .then(
      (gate) => {
        ready = gate;
      },
      (error: unknown) => {
        throw asConfigError(error);
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
