import type { AnalysisResult } from "./analyze/analyze-script.js";
import { matchTextOf } from "./analyze/display.js";
import type { Finding, Severity } from "./finding.js";
import type { CompiledPattern } from "./lists/pattern.js";
import type { SafetyProfile, Verdict } from "./verdict.js";

const BLOCKED: Record<SafetyProfile, ReadonlySet<Severity>> = {
  strict: new Set(["catastrophic", "dangerous", "dynamic", "unanalysable"]),
  standard: new Set(["catastrophic", "dangerous", "dynamic", "unanalysable"]),
  permissive: new Set(["catastrophic", "unanalysable"]),
  unrestricted: new Set(),
};

export interface CompiledLists {
  readonly allow: readonly CompiledPattern[];
  readonly deny: readonly { readonly pattern: CompiledPattern; readonly source: string }[];
}

function lifted(finding: Finding, profile: SafetyProfile, lists: CompiledLists): boolean {
  if (profile !== "standard" && profile !== "permissive") return false;
  if (finding.matchText === undefined) return false;
  return lists.allow.some((pattern) => pattern.test(finding.matchText!));
}

/**
 * The verdict for one profile. Precedence: a deny pattern (denied_commands, safety_overrides.block)
 * blocks in every profile; a profile rule blocks unless an allow pattern lifts it (standard and
 * permissive only); anything else is allowed.
 */
export function decide(analysis: AnalysisResult, profile: SafetyProfile, lists: CompiledLists): Verdict {
  for (const record of lists.deny.length > 0 ? analysis.commands : []) {
    const command = { matchText: matchTextOf(record.words), span: record.span };
    const denied = lists.deny.find((entry) => entry.pattern.test(command.matchText));
    if (denied) {
      return {
        allowed: false,
        profile,
        rule: denied.source === "denied_commands" ? "list.denied" : "list.override-block",
        reason: `Blocked: '${command.matchText}' matches the ${denied.source} pattern '${denied.pattern.source}', which is blocked by configuration in every profile; do not retry it — ask the user if it is needed.`,
        command: command.matchText,
        span: command.span,
      };
    }
  }
  const blocked = BLOCKED[profile];
  for (const finding of analysis.findings) {
    if (!blocked.has(finding.severity) || lifted(finding, profile, lists)) continue;
    return {
      allowed: false,
      profile,
      rule: finding.rule,
      reason: `Blocked: ${finding.reason}`,
      ...(finding.command === undefined ? {} : { command: finding.command }),
      span: finding.span,
    };
  }
  return { allowed: true, profile };
}
