import type { RuleHit } from "../finding.js";
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
  if (name === "kill" || name === "pkill" || name === "killall") {
    if (name !== "kill") return undefined;
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
