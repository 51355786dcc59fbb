import type { SafetyProfile } from "../../safety/verdict.js";

const PROFILE_LINES: Record<SafetyProfile, string> = {
  strict:
    "strict: sudo and other privilege escalation, recursive deletion of / or home, writes to disk devices, mkfs, fork bombs, shutdown and account changes are blocked",
  standard: "standard: as strict, but the host's allowed_commands can let specific blocked commands through",
  permissive:
    "permissive: sudo is allowed; destroying / or system directories, device writes, mkfs and fork bombs are still blocked",
  unrestricted: "unrestricted: no profile rule blocks anything; only the host's denied_commands apply",
};

/** The active safety profile in one line, for the `bash` description. */
export function profileLine(profile: SafetyProfile, requireApproval: boolean): string {
  const approval = requireApproval ? " Every command also needs the user's approval before it runs." : "";
  return `Safety profile ${PROFILE_LINES[profile]}. A blocked command is not run; the result says why and what to do instead.${approval}`;
}
