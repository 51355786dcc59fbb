import type { ShellResolution } from "../../../platforms/index.js";
import { CLOSED_TEXT } from "../../text/refusals/refusal-text.js";
import type { ShellgateHost } from "../host.js";
import {
  type Admission,
  type AdmissionPolicy,
  type AdmissionRequest,
  admitCommand,
  judge,
} from "./admit-command.js";

export interface InstanceAdmissionOptions {
  readonly policy: AdmissionPolicy;
  readonly shell: ShellResolution;
  readonly env?: NodeJS.ProcessEnv;
  readonly isClosed: () => boolean;
  readonly log?: ShellgateHost["log"];
}

export type Admit = (request: AdmissionRequest) => Promise<Admission>;

/**
 * The admission step of one instance, shared by every surface: foreground and background runs,
 * managed starts, the CLI and MCP. It completes the request record with the instance's shell
 * and environment, so callers pass only what differs per call.
 */
export function instanceAdmission(options: InstanceAdmissionOptions): Admit {
  return async (partial) => {
    const request: AdmissionRequest = {
      shell: options.shell,
      ...(options.env ? { env: options.env } : {}),
      ...partial,
    };
    if (options.isClosed())
      return { allowed: false, reason: CLOSED_TEXT, verdict: judge(request, options.policy) };
    const admission = await admitCommand(request, options.policy);
    // The rule only: command lines can carry secrets, and logs are not the model's to read.
    if (!admission.allowed)
      options.log?.(`refused a ${request.action} (${admission.verdict.rule ?? "approval"})`);
    return admission;
  };
}
