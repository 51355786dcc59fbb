import type { SandboxAvailability, SandboxDenial, SandboxPolicy } from "../../reports/sandbox-report.js";

/** A list too long for a tool description is cut where it stays readable; the full list is in `describe --json`. */
const LIST_LIMIT = 160;

/** The sandbox paragraph never grows a tool description by more than this. */
export const SANDBOX_PARAGRAPH_LIMIT = 700;

function list(entries: readonly string[], none: string): string {
  if (entries.length === 0) return none;
  const joined = entries.join(", ");
  return joined.length <= LIST_LIMIT
    ? joined
    : `${joined.slice(0, LIST_LIMIT - 1)}… (${entries.length} entries)`;
}

function reachable(policy: SandboxPolicy, availability: SandboxAvailability): string {
  if (availability.mechanism === "bubblewrap-in-wsl") return "none (no network inside the WSL sandbox)";
  if (policy.allowedDomains.length === 0) return "none (all network access is blocked)";
  return `${list(policy.allowedDomains, "none")}, only through HTTP_PROXY/HTTPS_PROXY (NO_PROXY lists localhost: for a listed local server use curl --noproxy '')`;
}

function clip(text: string): string {
  return text.length <= SANDBOX_PARAGRAPH_LIMIT ? text : `${text.slice(0, SANDBOX_PARAGRAPH_LIMIT - 1)}…`;
}

/**
 * The description paragraph: what the sandbox lets a command do, so the model plans within it.
 * Empty when the sandbox is off; a warning when `auto` could not sandbox.
 */
export function sandboxParagraph(policy: SandboxPolicy, availability: SandboxAvailability): string {
  if (policy.mode === "off") return "";
  if (!availability.available) {
    return policy.mode === "required"
      ? clip(
          `OS sandbox required but unavailable (${availability.reason}); every command is refused until that is fixed.`,
        )
      : clip(`OS sandbox: not applied on this host (${availability.reason}); commands run unsandboxed.`);
  }
  const paragraph = [
    `OS sandbox (${availability.mechanism}) encloses every command and everything it starts.`,
    `Writable: ${list(policy.allowWrite, "nothing")}. Unreadable: ${list(policy.denyRead, "nothing")}.`,
    `Reachable hosts: ${reachable(policy, availability)}.`,
    "A denial is reported as [sandbox denied: …]; do not retry it: ask the user to widen sandbox.allow_write or sandbox.allowed_domains.",
  ].join(" ");
  return clip(paragraph);
}

function describeDenial(denial: SandboxDenial): string {
  switch (denial.kind) {
    case "write":
      return `write to ${denial.path} (outside sandbox.allow_write)`;
    case "read":
      return `read of ${denial.path} (in sandbox.deny_read)`;
    case "network":
      return `connection to ${denial.host} (not in sandbox.allowed_domains)`;
  }
}

/**
 * The marker a result carries when the sandbox refused the command something: what was refused
 * and what to do instead, so the model neither retries blindly nor takes it for a bug.
 */
export function sandboxDenialMarker(denials: readonly SandboxDenial[], policy: SandboxPolicy): string {
  if (denials.length === 0) return "";
  const what = denials.map(describeDenial).join("; ");
  const kinds = new Set(denials.map((denial) => denial.kind));
  const instead: string[] = [];
  if (kinds.has("write")) {
    const first = policy.allowWrite[0];
    instead.push(
      `write inside ${first ?? "an allowed directory"} instead, or ask the user to add the path to sandbox.allow_write`,
    );
  }
  if (kinds.has("read")) instead.push("that path is withheld on purpose; do not look for a way around it");
  if (kinds.has("network")) instead.push("ask the user to add the host to sandbox.allowed_domains");
  return `[sandbox denied: ${what}. The OS sandbox refused this; retrying will not help: ${instead.join("; ")}.]`;
}

/** `auto` on a host that cannot sandbox: every result says so, so nobody mistakes it for enclosed. */
export function sandboxNotAppliedNote(availability: SandboxAvailability): string {
  return `[sandbox: not applied — ${availability.reason}; this command ran without the OS sandbox]`;
}

/** `required` on a host that cannot sandbox: the command is not run (fail closed). */
export function sandboxRequiredRefusal(availability: SandboxAvailability): string {
  return `Not run: sandbox.mode is "required" and the OS sandbox is unavailable: ${availability.reason}. Fix that on the host, or ask the user to set sandbox.mode to "auto" or "off".`;
}
