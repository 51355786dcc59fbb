import type { SafetyProfile } from "../../safety/verdict.js";

/** The mounted host policy that decides raw stdin; never settable by a tool argument. */
export interface StdinPolicyInput {
  readonly managedStdin: boolean;
  readonly safetyProfile: SafetyProfile;
  readonly allowedCommands: readonly string[];
  readonly deniedCommands: readonly string[];
  readonly safetyOverrides?:
    | { readonly allow: readonly string[]; readonly block: readonly string[] }
    | undefined;
}

export type StdinDecision = { readonly allowed: true } | { readonly allowed: false; readonly reason: string };

export const STDIN_REFUSED_REASON =
  "Raw stdin requires host managed_stdin=true, safety_profile=unrestricted, and no command allow/deny/override restrictions. close_stdin alone is permitted.";

/**
 * Input to an interpreter cannot be checked like a bash command, so any restricted policy fails
 * closed rather than letting stdin route around it. A present-but-empty overrides object counts
 * as restrictions configured: the host asked for an override policy.
 */
export function decideStdinPolicy(policy: StdinPolicyInput): StdinDecision {
  const restricted =
    policy.safetyProfile !== "unrestricted" ||
    policy.allowedCommands.length > 0 ||
    policy.deniedCommands.length > 0 ||
    policy.safetyOverrides !== undefined;
  if (policy.managedStdin !== true || restricted) return { allowed: false, reason: STDIN_REFUSED_REASON };
  return { allowed: true };
}
