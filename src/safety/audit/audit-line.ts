import type { SafetyGate } from "../gate.js";
import { SAFETY_PROFILES, type SafetyProfile } from "../verdict.js";

export interface AuditRecord {
  readonly command: string;
  readonly profile: SafetyProfile;
  readonly verdict: "allow" | "block";
  readonly rule: string | null;
  readonly reason: string | null;
}

export interface AuditError {
  readonly line: number;
  readonly error: string;
}

/** One input line of `check --jsonl`, parsed: the command and the profile it asks for. */
export function parseAuditLine(
  text: string,
  lineNumber: number,
  defaultProfile: SafetyProfile,
): { command: string; profile: SafetyProfile } | AuditError {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { line: lineNumber, error: 'not valid JSON; expected {"command": "…", "profile"?: "…"}' };
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    return { line: lineNumber, error: 'expected a JSON object {"command": "…", "profile"?: "…"}' };
  }
  const record = data as Record<string, unknown>;
  if (typeof record.command !== "string") return { line: lineNumber, error: "'command' must be a string" };
  const profile = record.profile ?? defaultProfile;
  if (typeof profile !== "string" || !SAFETY_PROFILES.includes(profile as SafetyProfile)) {
    return {
      line: lineNumber,
      error: `unknown profile ${JSON.stringify(profile)}; use one of ${SAFETY_PROFILES.join(", ")}`,
    };
  }
  return { command: record.command, profile: profile as SafetyProfile };
}

export function auditRecord(gate: SafetyGate, command: string): AuditRecord {
  const verdict = gate.check(command);
  return {
    command,
    profile: verdict.profile,
    verdict: verdict.allowed ? "allow" : "block",
    rule: verdict.rule ?? null,
    reason: verdict.reason ?? null,
  };
}
