import type { SafetyProfile } from "../../safety/verdict.js";

const PROFILE_LINES: Record<SafetyProfile, string> = {
  strict:
    "strict: blocks sudo, deleting / or ~, disks, mkfs, fork bombs, shutdown, accounts, system/start-up files, firewall or kernel, force-push, cloud deletes, even via ssh",
  standard: "standard: as strict, but the host's allowed_commands can let specific blocked commands through",
  permissive:
    "permissive: only destroying / or system directories, fork bombs and unparsable commands are blocked, also when wrapped or sent over ssh",
  unrestricted: "unrestricted: no profile rule blocks anything; only the host's denied_commands apply",
};

/** The active safety profile in one line, for the `bash` description. */
export function profileLine(profile: SafetyProfile, requireApproval: boolean): string {
  const approval = requireApproval ? " Every command also needs the user's approval before it runs." : "";
  return `Safety profile ${PROFILE_LINES[profile]}. A blocked command does not run; the result says why and what to do.${approval}`;
}
