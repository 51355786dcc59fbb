import type { Verdict } from "../safety/verdict.js";
import type { ApprovalAnswer, ApprovalRequest } from "./host.js";

export type Admission =
  | { readonly allowed: true; readonly verdict: Verdict }
  | { readonly allowed: false; readonly reason: string; readonly verdict: Verdict };

export interface AdmissionPolicy {
  readonly check: (command: string) => Verdict;
  readonly requireApproval: boolean;
  readonly approve?: (request: ApprovalRequest) => ApprovalAnswer | Promise<ApprovalAnswer>;
}

/** The model-facing text for a command the gate blocked. */
export function blockedText(verdict: Verdict): string {
  const rule = verdict.rule ? `, rule ${verdict.rule}` : "";
  const reason = verdict.reason ?? "the command is not allowed";
  return `Command blocked by the safety gate (profile ${verdict.profile}${rule}): ${reason}`;
}

const NO_APPROVER =
  "Command not run: require_approval is on and this host has no approval callback, so nothing can be approved. Ask the user to run it themselves, or to turn off require_approval.";

function normalise(answer: ApprovalAnswer): { approved: boolean; reason?: string } {
  return typeof answer === "boolean" ? { approved: answer } : answer;
}

/**
 * May this command run? The gate first (a blocked command is never shown to the approver), then,
 * with `require_approval`, the host's callback. No callback, a refusal, or a failing callback all
 * refuse, each with a reason the model can act on.
 */
export async function admitCommand(
  request: Omit<ApprovalRequest, "verdict">,
  policy: AdmissionPolicy,
): Promise<Admission> {
  const verdict = policy.check(request.command);
  if (!verdict.allowed) return { allowed: false, reason: blockedText(verdict), verdict };
  if (!policy.requireApproval) return { allowed: true, verdict };
  if (!policy.approve) return { allowed: false, reason: NO_APPROVER, verdict };
  let answer: { approved: boolean; reason?: string };
  try {
    answer = normalise(await policy.approve({ ...request, verdict }));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { allowed: false, reason: `Command not run: the approval callback failed (${message}).`, verdict };
  }
  if (answer.approved === true) return { allowed: true, verdict };
  const why = answer.reason ? `: ${answer.reason}` : "";
  return {
    allowed: false,
    reason: `Command not run: the user did not approve it${why}. Do not retry it unchanged; ask what to do instead.`,
    verdict,
  };
}
