import type { RuleHit } from "../finding.js";
import { asksForHelp, onlyInformational } from "./informational.js";
import type { Rule } from "./rule.js";

const POWER_COMMANDS = new Set([
  "shutdown",
  "reboot",
  "halt",
  "poweroff",
  "kexec",
  "pm-suspend",
  "pm-hibernate",
  "pm-suspend-hybrid",
  "zzz",
  "systemd-halt",
]);
const SYSTEMCTL_VERBS = new Set([
  "poweroff",
  "reboot",
  "halt",
  "kexec",
  "suspend",
  "hibernate",
  "hybrid-sleep",
  "suspend-then-hibernate",
  "soft-reboot",
  "rescue",
  "emergency",
]);
const POWER_TARGETS =
  /^(poweroff|reboot|halt|kexec|rescue|emergency|runlevel[06]|shutdown|suspend|hibernate|soft-reboot|ctrl-alt-del|hybrid-sleep|sleep|exit|final|emergency)(\.target)?$/;
const DBUS_METHODS =
  /(PowerOff|Reboot|Halt|KExec|Suspend|Hibernate|HybridSleep|SuspendThenHibernate|SoftReboot)(WithFlags)?$/;

function hit(rule: string, what: string): RuleHit {
  return {
    rule,
    severity: "dangerous",
    reason: `${what} would shut down, reboot or suspend the machine; ask the user to do it instead.`,
  };
}

function killEverything(what: string): RuleHit {
  return {
    rule: "power.kill-all",
    severity: "dangerous",
    reason: `${what}, which takes the session (and this agent) down; kill the specific process instead.`,
  };
}

/** Options of pkill and killall that take a value (`-u alice`, `-s KILL`). */
const KILL_WITH_VALUE =
  /^-(u|U|g|G|P|s|t|F|n|o|y|Y|-user|-signal|-group|-parent|-session|-terminal|-pidfile|-older-than|-younger-than|-ns|-nslist|-context)$/;
/** Patterns that match every process name. */
const MATCH_ALL = /^(\.|\.\*|\^|\$|\^\.\*|\.\+|\^\.\*\$|\.\*\$|)$/;

function killsAllOfUser(name: string, words: readonly string[]): boolean {
  let user = false;
  const patterns: string[] = [];
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index]!;
    if (word === "-u" || word === "-U" || word === "--user" || word === "--uid" || word === "--euid")
      user = true;
    if (/^--(user|uid|euid)=/.test(word) || /^-[uU]./.test(word)) user = true;
    if (KILL_WITH_VALUE.test(word)) index += 1;
    else if (!word.startsWith("-") || word === "") patterns.push(word);
  }
  if (patterns.some((pattern) => MATCH_ALL.test(pattern))) return true;
  return user && patterns.length === 0 && (name === "pkill" || name === "killall");
}

function cancelsSchedule(words: readonly string[]): boolean {
  return words.some(
    (word, index) => word === "--when=cancel" || (word === "--when" && words[index + 1] === "cancel"),
  );
}

export const powerRule: Rule = ({ name, args }) => {
  const words = args.map((word) => word.value);
  if (POWER_COMMANDS.has(name)) {
    if (name === "shutdown" && words.some((word) => /^(-c|--help|-k)$/.test(word))) return undefined;
    if (
      words.length === 1 &&
      /^(--help|--version|-h|-V)$/.test(words[0]!) &&
      name !== "halt" &&
      name !== "shutdown"
    )
      return undefined;
    return hit(`power.${name}`, `'${name}'`);
  }
  if (name === "init" || name === "telinit") {
    if (words.some((word) => /^[06sS1]$/.test(word)))
      return hit("power.init", `'${name} ${words.join(" ")}'`);
    return undefined;
  }
  if (name === "systemctl" || name === "loginctl") {
    const verbs = words.filter((word) => !word.startsWith("-"));
    const verb = verbs[0];
    // `--when cancel` withdraws a scheduled shutdown (systemctl(1)); help and version print only.
    if (cancelsSchedule(words) || onlyInformational(words) || asksForHelp(words)) return undefined;
    if (verb && SYSTEMCTL_VERBS.has(verb)) return hit(`power.${name}`, `'${name} ${verb}'`);
    if (
      (verb === "isolate" || verb === "start" || verb === "default") &&
      verbs.slice(1).some((unit) => POWER_TARGETS.test(unit))
    ) {
      return hit(`power.${name}`, `'${name} ${verbs.join(" ")}'`);
    }
    return undefined;
  }
  if (name === "busctl" || name === "dbus-send" || name === "gdbus" || name === "qdbus" || name === "dbus") {
    const text = words.join(" ");
    if (/login1|ConsoleKit|SessionManager/.test(text) && words.some((word) => DBUS_METHODS.test(word))) {
      return hit("power.dbus", "this D-Bus call");
    }
    return undefined;
  }
  if (name === "killall5") return killEverything("'killall5' signals every process on the system");
  if (name === "pkill" || name === "killall" || name === "pgrep") {
    return name !== "pgrep" && killsAllOfUser(name, words)
      ? killEverything(
          `'${name}' with a user and no process name (or a pattern that matches any name) signals every process of that user`,
        )
      : undefined;
  }
  if (name === "kill") {
    let index = 0;
    if (words[0] === "-s" || words[0] === "-n") index = 2;
    else if (words[0]?.startsWith("-") && words[0] !== "--") index = 1;
    if (words[index] === "--") index += 1;
    const pids = words.slice(index);
    if (pids.some((pid) => pid === "-1" || pid === "1")) {
      return {
        rule: "power.kill-all",
        severity: "dangerous",
        reason:
          "'kill' aimed at pid 1 or -1 signals init or every process you own, which takes the system or session down; kill the specific process id instead.",
      };
    }
  }
  return undefined;
};
