import { HostSnapshotError } from "../../../platforms/index.js";
import { ConfigError } from "../../config/config-error.js";
import { SandboxModeError } from "../../execution/sandbox/index.js";
import { SafetyConfigError } from "../../safety/index.js";
import { UsageError } from "./usage-error.js";

/**
 * Errors that mean "the input was wrong" (flags, config file, host snapshot, safety lists): one line
 * and exit code 2. Deciding it here keeps every subcommand from converting them on its own.
 */
export function isInputError(error: unknown): error is Error {
  return (
    error instanceof UsageError ||
    error instanceof ConfigError ||
    error instanceof HostSnapshotError ||
    error instanceof SafetyConfigError ||
    error instanceof SandboxModeError
  );
}
