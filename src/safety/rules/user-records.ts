import { resolveIn } from "../extract/paths.js";
import type { Scope } from "../extract/scope.js";
import type { RuleHit } from "../finding.js";
import { isHistoryFile } from "./protected-paths.js";
import type { Rule } from "./rule.js";

/**
 * Records the user keeps on this machine that no project holds a copy of: the crontab (`crontab -r`
 * removes every scheduled job; installing an empty one does the same) and the shell history (which
 * also says what ran). Bash writes a history file only when told to: `history -w [FILE]` writes the
 * list (empty in `bash -c`) over FILE or $HISTFILE, and assigning HISTFILESIZE truncates $HISTFILE
 * at once (bash(1), HISTFILESIZE); `history -c` alone clears only the list of a shell that keeps
 * none, so it changes nothing here.
 */

export function historyWipeHit(what: string): RuleHit {
  return {
    rule: "history.wipe",
    severity: "dangerous",
    reason: `${what} which erases the record of what was run, and nothing in the project can restore it; leave the history alone, or ask the user.`,
  };
}

/** The history file $HISTFILE names, when it names one of the home's. */
export function historyFileOf(scope: Scope): string | undefined {
  const value = scope.variables.get("HISTFILE");
  const resolved = value === undefined || value === "" ? undefined : resolveIn(value, scope);
  return resolved !== undefined && isHistoryFile(resolved) ? resolved : undefined;
}

function crontabHit(what: string): RuleHit {
  return {
    rule: "schedule.crontab-remove",
    severity: "dangerous",
    reason: `'crontab' ${what}, which removes every job the user scheduled, and nothing in the project can restore them; list them with crontab -l, or ask the user.`,
  };
}

export const userRecordsRule: Rule = ({ name, args, invocation, scope }) => {
  const words = args.map((word) => word.value);
  if (name === "crontab") {
    if (words.some((word) => /^-[a-zA-Z]*r/.test(word))) return crontabHit("-r deletes the crontab");
    const operands = words.filter((word, index) => !word.startsWith("-") && words[index - 1] !== "-u");
    const file = operands[0];
    const input = file === undefined || file === "-" ? invocation.stdin?.read() : undefined;
    if (file === "/dev/null" || (input !== undefined && input.trim() === ""))
      return crontabHit("installs an empty crontab over the current one");
    return undefined;
  }
  if (name === "history") {
    const write = words.findIndex((word) => /^-[a-zA-Z]*w/.test(word));
    if (write === -1) return undefined;
    const named = args[write + 1];
    const target = named ? resolveIn(named.value, scope) : historyFileOf(scope);
    if (target !== undefined && isHistoryFile(target))
      return historyWipeHit(
        `'history -w' writes this shell's (empty) list over ${named?.source ?? "$HISTFILE"},`,
      );
  }
  return undefined;
};
