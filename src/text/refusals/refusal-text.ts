import type { Verdict } from "../../safety/verdict.js";

// The one vocabulary for a command that did not start. Every surface (tool result, CLI stderr,
// MCP, managed start, runCommand) prints these sentences, so a refusal reads the same everywhere.

/** The sentence for a command the gate blocked: profile, rule and the gate's reason. */
export function blockedText(verdict: Verdict): string {
  const rule = verdict.rule ? `, rule ${verdict.rule}` : "";
  const reason = verdict.reason ?? "the command is not allowed";
  return `Command blocked by the safety gate (profile ${verdict.profile}${rule}): ${reason}`;
}

export const NO_APPROVER_TEXT =
  "Command not run: require_approval is on and this host has no approval callback, so nothing can be approved. Ask the user to run it themselves, or to turn off require_approval.";

export function approvalFailedText(message: string): string {
  return `Command not run: the approval callback failed (${message}).`;
}

export function notApprovedText(reason: string | undefined): string {
  const why = reason ? `: ${reason}` : "";
  return `Command not run: the user did not approve it${why}. Do not retry it unchanged; ask what to do instead.`;
}

export const CLOSED_TEXT =
  "This shellgate instance is closed; nothing more can run in it. Create a new instance.";
