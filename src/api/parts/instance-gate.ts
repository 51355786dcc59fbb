import type { ShellgateConfig } from "../../config/schema.js";
import type { Verdict } from "../../safety/verdict.js";

/** The safety gate as the instance uses it: one synchronous verdict per command line. */
export interface InstanceGate {
  check(command: string): Verdict;
}

// TEMPORARY until the safety gate lands (src/safety): refuses everything, so nothing runs unchecked.
export async function instanceGate(config: ShellgateConfig): Promise<InstanceGate> {
  return {
    check: (command) => ({
      allowed: config.safety_profile === "unrestricted",
      profile: config.safety_profile,
      rule: "gate.unavailable",
      reason: "the safety gate is not available in this build, so no command can be checked",
      command,
    }),
  };
}
