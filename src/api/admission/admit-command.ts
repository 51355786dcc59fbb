import type { ShellResolution } from "../../../platforms/index.js";
import { recordAdmission } from "../../execution/prepare/judge-start.js";
import { type SafetyContext, safetyContextFor } from "../../safety/context.js";
import type { Verdict } from "../../safety/verdict.js";
import {
  approvalFailedText,
  blockedText,
  NO_APPROVER_TEXT,
  notApprovedText,
} from "../../text/refusals/refusal-text.js";
import type { ApprovalAnswer, ApprovalRequest } from "../host.js";

export type Admission =
  | { readonly allowed: true; readonly verdict: Verdict }
  | { readonly allowed: false; readonly reason: string; readonly verdict: Verdict };

/**
 * Everything known about a command before it starts, in one record: what is judged, where it
 * runs, the environment it starts from and the shell that will run it. The gate and the approver
 * both read this record: the gate judges the command in the context it describes.
 */
export interface AdmissionRequest extends Omit<ApprovalRequest, "verdict"> {
  readonly env?: NodeJS.ProcessEnv;
  readonly shell?: ShellResolution;
}

export interface AdmissionPolicy {
  readonly check: (command: string, context?: SafetyContext) => Verdict;
  readonly requireApproval: boolean;
  readonly approve?: (request: ApprovalRequest) => ApprovalAnswer | Promise<ApprovalAnswer>;
}

export { blockedText };

/** The one place a command is judged; every surface's verdict comes from here, where it will run. */
export function judge(request: AdmissionRequest, policy: Pick<AdmissionPolicy, "check">): Verdict {
  return policy.check(request.command, safetyContextOf(request));
}

/** What the gate needs to know of where a command runs: its cwd, home, environment and shell. */
export function safetyContextOf(request: AdmissionRequest): SafetyContext {
  return safetyContextFor({
    cwd: request.cwd,
    ...(request.env ? { env: request.env } : {}),
    ...(request.shell ? { shell: request.shell } : {}),
  });
}

/**
 * An allowed admission. Its verdict is this admission's own copy (the gate hands out cached
 * objects): the engines honour it for this command in this directory, and judge anything else.
 */
function admitted(request: AdmissionRequest, verdict: Verdict): Admission {
  const granted = { ...verdict };
  recordAdmission(granted, request.command, request.cwd);
  return { allowed: true, verdict: granted };
}

function normalise(answer: ApprovalAnswer): { approved: boolean; reason?: string } {
  return typeof answer === "boolean" ? { approved: answer } : answer;
}

/**
 * May this command run? The gate first (a blocked command is never shown to the approver), then,
 * with `require_approval`, the host's callback. No callback, a refusal, or a failing callback all
 * refuse, each with a reason the model can act on.
 */
export async function admitCommand(request: AdmissionRequest, policy: AdmissionPolicy): Promise<Admission> {
  const verdict = judge(request, policy);
  if (!verdict.allowed) return { allowed: false, reason: blockedText(verdict), verdict };
  if (!policy.requireApproval) return admitted(request, verdict);
  if (!policy.approve) return { allowed: false, reason: NO_APPROVER_TEXT, verdict };
  const { env: _env, shell: _shell, ...asked } = request;
  let answer: { approved: boolean; reason?: string };
  try {
    answer = normalise(await policy.approve({ ...asked, verdict }));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { allowed: false, reason: approvalFailedText(message), verdict };
  }
  if (answer.approved === true) return admitted(request, verdict);
  return { allowed: false, reason: notApprovedText(answer.reason), verdict };
}
