import type { Invocation } from "../extract/invocation.js";
import { resolveIn } from "../extract/paths.js";
import type { Scope } from "../extract/scope.js";
import type { RuleHit } from "../finding.js";
import { gitSubcommandIndex } from "../runners/git.js";
import { uninstalledProgram } from "./configured-commands.js";
import { isHistoryFile } from "./protected-paths.js";
import type { Rule } from "./rule.js";

/**
 * Records the user keeps on this machine that no project holds a copy of: the crontab (`crontab -r`
 * removes every scheduled job; installing an empty one does the same) and the shell history (which
 * also says what ran). Bash writes a history file only when told to: `history -w [FILE]` writes the
 * list (empty in `bash -c`) over FILE or $HISTFILE, and assigning HISTFILESIZE truncates $HISTFILE
 * at once (bash(1), HISTFILESIZE). Clearing or deleting entries (`history -c`, `history -d`),
 * switching recording off (`set +o history`) and the variables that stop it (HISTSIZE=0, an empty
 * HISTFILE, HISTIGNORE='*') erase or hide what ran in an interactive shell; shellgate's own shells
 * keep no list, so here they only say the command means to hide its trail, which strict refuses.
 * The system journal's vacuum options and the reflog's immediate expiry delete records for good.
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

/** Why assigning `value` to `variable` stops the shell recording what runs, or undefined. */
function historyOff(variable: string, value: string): string | undefined {
  if ((variable === "HISTSIZE" || variable === "HISTFILESIZE") && /^0*$/.test(value))
    return `${variable}=${value} keeps no history,`;
  if (variable === "HISTFILE" && (value === "" || value === "/dev/null"))
    return `HISTFILE=${value} keeps no history file,`;
  if (variable === "HISTIGNORE" && /(^|:)\*(:|$)/.test(value))
    return `HISTIGNORE=${value} records no command,`;
  return undefined;
}

const DECLARERS = new Set(["export", "declare", "typeset", "readonly", "local"]);

function historyStateHit(
  name: string,
  words: readonly string[],
  invocation: Invocation,
): RuleHit | undefined {
  for (const assignment of invocation.assignments) {
    const why = historyOff(assignment.name, assignment.value.value);
    if (why) return historyWipeHit(why);
  }
  if (DECLARERS.has(name)) {
    for (const word of words) {
      const match = /^([A-Za-z_]\w*)=(.*)$/s.exec(word);
      const why = match ? historyOff(match[1]!, match[2]!) : undefined;
      if (why) return historyWipeHit(why);
    }
  }
  if (name === "unset" && words.includes("HISTFILE"))
    return historyWipeHit("unset HISTFILE keeps no history file,");
  if (name === "set" && words.some((word, index) => word === "+o" && words[index + 1] === "history"))
    return historyWipeHit("set +o history stops recording commands,");
  if (name === "history" && words.some((word) => /^-[a-zA-Z]*[cd]/.test(word)))
    return historyWipeHit(`'history ${words.join(" ")}' deletes entries of the session's history,`);
  return undefined;
}

/** An expiry that leaves nothing (`--expire=now`, `--prune=all`, a number of seconds). */
const IMMEDIATE = /=(now|all|0|\d+\.seconds?(\.ago)?)$/;

/**
 * Records deleted for good: the reflog (the only record of commits no branch names any more) expired
 * now, or a gc pruning now — the defaults keep 90 and 14 days — and the system journal's vacuums.
 */
function recordsDeletedHit(name: string, words: readonly string[]): RuleHit | undefined {
  if (name === "journalctl" && words.some((word) => /^--vacuum-(time|size|files)(=|$)/.test(word)))
    return historyWipeHit("'journalctl --vacuum-…' deletes system journal files,");
  if (name !== "git") return undefined;
  const at = gitSubcommandIndex(words);
  const rest = words.slice(at + 1);
  const now = (...options: string[]) =>
    rest.some((word) => options.some((option) => word.startsWith(`${option}=`)) && IMMEDIATE.test(word));
  if (words[at] === "reflog" && rest[0] === "expire" && now("--expire", "--expire-unreachable"))
    return historyWipeHit("'git reflog expire' with an expiry of now deletes the record of past commits,");
  if (words[at] === "reflog" && rest[0] === "delete")
    return historyWipeHit("'git reflog delete' deletes the record of past commits,");
  if (words[at] === "gc" && now("--prune"))
    return historyWipeHit("'git gc --prune=now' deletes every commit no branch names,");
  return undefined;
}

/** The command of one crontab line (after the five time fields or an `@reboot`-style nickname). */
function cronCommand(line: string): string | undefined {
  const trimmed = line.trim();
  if (trimmed === "" || trimmed.startsWith("#") || /^[A-Za-z_]\w*=/.test(trimmed)) return undefined;
  const nickname = /^@\w+\s+(.+)$/.exec(trimmed);
  if (nickname) return nickname[1];
  return /^(\S+\s+){5}(.+)$/.exec(trimmed)?.[2];
}

export const userRecordsRule: Rule = ({ name, args, invocation, scope }) => {
  const words = args.map((word) => word.value);
  const state = historyStateHit(name, words, invocation) ?? recordsDeletedHit(name, words);
  if (state) return state;
  if (name === "crontab") {
    if (words.some((word) => /^-[a-zA-Z]*r/.test(word))) return crontabHit("-r deletes the crontab");
    const operands = words.filter((word, index) => !word.startsWith("-") && words[index - 1] !== "-u");
    const file = operands[0];
    const input = file === undefined || file === "-" ? invocation.stdin?.read() : undefined;
    if (file === "/dev/null" || (input !== undefined && input.trim() === ""))
      return crontabHit("installs an empty crontab over the current one");
    // Jobs installed from stdin keep running after this command ends: one that runs a program that
    // is not installed (`@reboot /tmp/x`) is persistence. Cron lines the gate reads are judged as
    // commands elsewhere; a crontab file of the repository's is the repository's own.
    const lines = (invocation.stdin?.readLines?.() ?? input ?? "").split("\n");
    for (const line of lines) {
      const command = cronCommand(line);
      const program = command === undefined ? undefined : uninstalledProgram(command);
      if (program === undefined) continue;
      return {
        rule: "persistence.crontab",
        severity: "dangerous",
        reason: `'crontab -' installs a job that runs ${program} after this command ends (persistence), which this profile does not allow; show the user the entry to add instead.`,
      };
    }
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
