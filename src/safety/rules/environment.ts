import type { Assignment } from "../extract/invocation.js";
import type { RuleHit } from "../finding.js";

const POISONING =
  /^(BASH_ENV|LD_PRELOAD|LD_AUDIT|LD_LIBRARY_PATH_FORCE|DYLD_INSERT_LIBRARIES|BASH_FUNC_.*|SHELLOPTS|BASHOPTS|PS4)$/;

/**
 * Environment variables that make the next program run code it was not asked to: BASH_ENV (sourced
 * by every non-interactive bash), exported functions (BASH_FUNC_*), preloaded libraries.
 */
export function environmentRule(assignment: Assignment): RuleHit | undefined {
  if (!assignment.exported || !POISONING.test(assignment.name)) return undefined;
  // Emptying a preload variable turns the preload off.
  if (assignment.value.value === "" && !assignment.value.dynamic) return undefined;
  // A start-up file or preload that is the empty device loads nothing (`BASH_ENV=/dev/null bash`).
  if (assignment.value.value === "/dev/null" && !assignment.value.dynamic) return undefined;
  if (assignment.name === "PS4" && !/[$`]/.test(assignment.value.value)) return undefined;
  if (
    (assignment.name === "SHELLOPTS" || assignment.name === "BASHOPTS") &&
    !/xtrace|extdebug/.test(assignment.value.value)
  )
    return undefined;
  return {
    rule: assignment.name.startsWith("BASH_FUNC_")
      ? "env.exported-function"
      : `env.${assignment.name.toLowerCase()}`,
    severity: "dangerous",
    reason: `setting ${assignment.name.replace(/%%$/, "")} for a command makes it run code it was not asked to run (environment poisoning); run the intended command directly instead.`,
  };
}

/** Variables whose value is a command some program will run (pagers, editors, ssh commands). */
export const COMMAND_VARIABLES = new Set([
  "PAGER",
  "MANPAGER",
  "GIT_PAGER",
  "EDITOR",
  "VISUAL",
  "GIT_EDITOR",
  "GIT_SEQUENCE_EDITOR",
  "GIT_SSH_COMMAND",
  "GIT_SSH",
  "GIT_EXTERNAL_DIFF",
  "GIT_ASKPASS",
  "SSH_ASKPASS",
  "SUDO_ASKPASS",
  "GIT_PROXY_COMMAND",
  "LESSOPEN",
  "LESSCLOSE",
  "PROMPT_COMMAND",
  "RSYNC_RSH",
  "CVS_RSH",
  "BROWSER",
  "SYSTEMD_PAGER",
  "SYSTEMD_EDITOR",
  "SUDO_EDITOR",
  "FCEDIT",
  "GH_PAGER",
  "GH_EDITOR",
  "KUBE_EDITOR",
  "AWS_PAGER",
  "PSQL_PAGER",
  "BAT_PAGER",
  "DELTA_PAGER",
  "PERLDOC_PAGER",
  "SVN_EDITOR",
  "HGEDITOR",
]);
