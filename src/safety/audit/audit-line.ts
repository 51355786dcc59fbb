import type { SafetyContext } from "../context.js";
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
): { command: string; profile: SafetyProfile; cwd?: string } | AuditError {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return {
      line: lineNumber,
      error: 'not valid JSON; expected {"command": "…", "profile"?: "…"}',
    };
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
  if (record.cwd !== undefined && (typeof record.cwd !== "string" || record.cwd === ""))
    return {
      line: lineNumber,
      error: "'cwd' must be a non-empty string (the directory the command runs in)",
    };
  return {
    command: record.command,
    profile: profile as SafetyProfile,
    ...(record.cwd === undefined ? {} : { cwd: record.cwd }),
  };
}

export function auditRecord(gate: SafetyGate, command: string, context?: SafetyContext): AuditRecord {
  const verdict = gate.check(command, context);
  return {
    command,
    profile: verdict.profile,
    verdict: verdict.allowed ? "allow" : "block",
    rule: verdict.rule ?? null,
    reason: verdict.reason ?? null,
  };
}
