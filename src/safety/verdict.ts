export const SAFETY_PROFILES = ["strict", "standard", "permissive", "unrestricted"] as const;
export type SafetyProfile = (typeof SAFETY_PROFILES)[number];

/** The gate's answer for one command line. */
export interface Verdict {
  readonly allowed: boolean;
  readonly profile: SafetyProfile;
  /** Stable rule id, e.g. "privilege.sudo", "list.denied", "parse.error". */
  readonly rule?: string;
  /** One sentence the model can act on: what was blocked and what to do instead. */
  readonly reason?: string;
  /** The offending simple command, normalised. */
  readonly command?: string;
  /** Offsets of the offending part in the input, [start, end). */
  readonly span?: readonly [number, number];
}
