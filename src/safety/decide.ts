import type { AnalysisResult } from "./analyze/analyze-script.js";
import { matchTextOf } from "./analyze/display.js";
import type { Finding, Severity } from "./finding.js";
import type { CompiledPattern } from "./lists/pattern.js";
import type { SafetyProfile, Verdict } from "./verdict.js";

/**
 * The decision table: which severities each profile blocks. The `bash` description's profile line
 * is written from it (src/text/descriptions/profile-line.ts), so the two cannot disagree.
 */
export const BLOCKED_SEVERITIES: Readonly<Record<SafetyProfile, ReadonlySet<Severity>>> = {
  strict: new Set(["catastrophic", "dangerous", "dynamic", "unanalysable"]),
  standard: new Set(["catastrophic", "dangerous", "dynamic", "unanalysable"]),
  permissive: new Set(["catastrophic", "unanalysable"]),
  unrestricted: new Set(),
};

export interface CompiledLists {
  readonly allow: readonly CompiledPattern[];
  readonly deny: readonly { readonly pattern: CompiledPattern; readonly source: string }[];
}

/** A `a * | b` pattern: consecutive elements of one pipeline, starting at this command. */
function matchesPipeline(
  pattern: CompiledPattern,
  analysis: AnalysisResult,
  texts: readonly string[],
  position: number,
): boolean {
  if (pattern.segments.length < 2) return false;
  const start = analysis.commands[position]!.pipeline;
  if (!start) return false;
  return pattern.segments.every((segment, offset) => {
    const index = analysis.commands.findIndex(
      (record) => record.pipeline?.group === start.group && record.pipeline.index === start.index + offset,
    );
    return index !== -1 && segment(texts[index]!);
  });
}

function lifted(
  finding: Finding,
  profile: SafetyProfile,
  lists: CompiledLists,
  analysis: AnalysisResult,
): boolean {
  if (profile !== "standard" && profile !== "permissive") return false;
  if (finding.matchText === undefined) return false;
  if (lists.allow.some((pattern) => pattern.test(finding.matchText!))) return true;
  const record = finding.record === undefined ? undefined : analysis.commands[finding.record];
  if (!record?.pipeline) return false;
  const texts = analysis.commands.map((item) => matchTextOf(item.words));
  return lists.allow.some((pattern) => {
    for (let offset = 0; offset < pattern.segments.length; offset += 1) {
      const start = analysis.commands.findIndex(
        (item) =>
          item.pipeline?.group === record.pipeline!.group &&
          item.pipeline.index === record.pipeline!.index - offset,
      );
      if (start !== -1 && matchesPipeline(pattern, analysis, texts, start)) return true;
    }
    return false;
  });
}

/**
 * The verdict for one profile. Precedence: a deny pattern (denied_commands, safety_overrides.block)
 * blocks in every profile; a profile rule blocks unless an allow pattern lifts it (standard and
 * permissive only); anything else is allowed.
 */
export function decide(analysis: AnalysisResult, profile: SafetyProfile, lists: CompiledLists): Verdict {
  const texts = lists.deny.length > 0 ? analysis.commands.map((record) => matchTextOf(record.words)) : [];
  for (const [position, record] of (lists.deny.length > 0 ? analysis.commands : []).entries()) {
    const command = { matchText: texts[position]!, span: record.span };
    const denied = lists.deny.find(
      (entry) =>
        entry.pattern.test(command.matchText) || matchesPipeline(entry.pattern, analysis, texts, position),
    );
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
  const blocked = BLOCKED_SEVERITIES[profile];
  for (const finding of analysis.findings) {
    if (!blocked.has(finding.severity) || lifted(finding, profile, lists, analysis)) continue;
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
