import { SAFETY_PROFILES, type SafetyProfile } from "./verdict.js";

export interface SafetyGateOptions {
  /** Default: strict. */
  readonly profile?: SafetyProfile;
  /** Lifts profile rules for matching commands (standard and permissive only). */
  readonly allowedCommands?: readonly string[];
  /** Always blocks matching commands, in every profile. */
  readonly deniedCommands?: readonly string[];
  readonly overrides?: { readonly allow?: readonly string[]; readonly block?: readonly string[] };
  /** Remember verdicts per (command, context) so a repeated command costs a lookup. Default: true. */
  readonly cacheVerdicts?: boolean;
}

/** Options the gate cannot work with; raised when the gate is created, never at check time. */
export class SafetyConfigError extends Error {
  override readonly name = "SafetyConfigError";
}

export interface ValidatedOptions {
  readonly profile: SafetyProfile;
  readonly allow: readonly string[];
  readonly deny: readonly {
    readonly pattern: string;
    readonly source: "denied_commands" | "safety_overrides.block";
  }[];
}

function patterns(value: unknown, key: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value))
    throw new SafetyConfigError(`${key} must be a list of string patterns, got ${typeof value}`);
  return value.map((item, index) => {
    if (typeof item !== "string")
      throw new SafetyConfigError(
        `${key}[${index}] must be a string pattern, got ${item === null ? "null" : typeof item}`,
      );
    if (item.trim() === "") throw new SafetyConfigError(`${key}[${index}] is an empty pattern; remove it`);
    return item;
  });
}

export function validateOptions(options: SafetyGateOptions = {}): ValidatedOptions {
  const profile = options.profile ?? "strict";
  if (!SAFETY_PROFILES.includes(profile)) {
    throw new SafetyConfigError(
      `unknown safety profile '${String(profile)}'; use one of ${SAFETY_PROFILES.join(", ")}`,
    );
  }
  const overrides: unknown = options.overrides;
  if (
    overrides !== undefined &&
    (typeof overrides !== "object" || overrides === null || Array.isArray(overrides))
  ) {
    throw new SafetyConfigError("safety_overrides must be an object with 'allow' and 'block' lists");
  }
  return {
    profile,
    allow: [
      ...patterns(options.overrides?.allow, "safety_overrides.allow"),
      ...patterns(options.allowedCommands, "allowed_commands"),
    ],
    deny: [
      ...patterns(options.overrides?.block, "safety_overrides.block").map((pattern) => ({
        pattern,
        source: "safety_overrides.block" as const,
      })),
      ...patterns(options.deniedCommands, "denied_commands").map((pattern) => ({
        pattern,
        source: "denied_commands" as const,
      })),
    ],
  };
}

/**
 * The strict profile ignores allow lists by contract; a list given with it is almost always a
 * configuration mistake, so the gate says so (once, at creation) instead of silently dropping it.
 */
export function strictListWarnings(options: SafetyGateOptions, profile: SafetyProfile): string[] {
  if (profile !== "strict") return [];
  const given = [
    ...((options.allowedCommands?.length ?? 0) > 0 ? ["allowed_commands"] : []),
    ...((options.overrides?.allow?.length ?? 0) > 0 ? ["safety_overrides.allow"] : []),
  ];
  if (given.length === 0) return [];
  return [
    `${given.join(" and ")} ${given.length > 1 ? "are" : "is"} ignored because safety_profile is strict, which never lifts a rule; use safety_profile "standard" (or "permissive") for the allow list to take effect, or remove it.`,
  ];
}
