import { BLOCKED_SEVERITIES } from "../../safety/decide.js";
import type { Severity } from "../../safety/finding.js";
import { SAFETY_PROFILES, type SafetyProfile } from "../../safety/verdict.js";

/** What each severity covers, in the words of the description; the order is the order shown. */
const SEVERITY_WORDS: Readonly<Record<Severity, string>> = {
  catastrophic: "destroying / or system directories, fork bombs",
  dangerous: "", // always said with DANGEROUS_AND_BELOW
  dynamic: "uninspectable commands",
  unanalysable: "unparsable commands",
};

/**
 * A profile that blocks `dangerous` blocks nearly everything, said in one list (the cheaper
 * severities it also blocks go without saying there: they are refusals of what cannot be read).
 */
const DANGEROUS_AND_BELOW =
  "sudo, deleting / or ~, disks, mkfs, fork bombs, shutdown, accounts, system/start-up files, firewall or kernel, force-push, cloud deletes";

const SEVERITY_ORDER: readonly Severity[] = ["catastrophic", "dangerous", "dynamic", "unanalysable"];

function joined(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** The severities a profile blocks, by the decision table, in the order they are described. */
export function blockedSeverities(profile: SafetyProfile): readonly Severity[] {
  return SEVERITY_ORDER.filter((severity) => BLOCKED_SEVERITIES[profile].has(severity));
}

/**
 * One profile's line, written from the decision table (what it blocks). A profile that blocks what
 * strict blocks reads "as strict" (its difference is that allowed_commands can lift a rule).
 */
function profileDescription(profile: SafetyProfile): string {
  const severities = blockedSeverities(profile);
  if (severities.length === 0) {
    return `${profile}: no profile rule blocks anything; only the host's denied_commands apply`;
  }
  const sameAsStrict = profile !== "strict" && severities.join() === blockedSeverities("strict").join();
  if (sameAsStrict) {
    return `${profile}: as strict, but the host's allowed_commands can let specific blocked commands through`;
  }
  if (severities.includes("dangerous")) return `${profile}: blocks ${DANGEROUS_AND_BELOW}, even via ssh`;
  const text = joined(severities.map((severity) => SEVERITY_WORDS[severity]));
  return `${profile}: only ${text} are blocked, also when wrapped or sent over ssh`;
}

const PROFILE_LINES = Object.fromEntries(
  SAFETY_PROFILES.map((profile) => [profile, profileDescription(profile)]),
) as Record<SafetyProfile, string>;

/** The active safety profile in one line, for the `bash` description. */
export function profileLine(profile: SafetyProfile, requireApproval: boolean): string {
  const approval = requireApproval ? " Every command also needs the user's approval before it runs." : "";
  return `Safety profile ${PROFILE_LINES[profile]}. A blocked command does not run; the result says why and what to do.${approval}`;
}
