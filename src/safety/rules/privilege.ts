import type { ExpandedWord } from "../extract/expanded-word.js";
import { commandIndex } from "../normalize/skip-options.js";
import { WRAPPERS } from "../normalize/wrappers.js";
import type { Rule } from "./rule.js";

export const PRIVILEGE_COMMANDS = new Set([
  "sudo",
  "sudoedit",
  "su",
  "doas",
  "pkexec",
  "runuser",
  "run0",
  "gosu",
  "su-exec",
  "ksu",
  "dzdo",
  "pbrun",
  "calife",
  "sudo-rs",
  "su-rs",
  "please",
  "pleaseedit",
  // Graphical and Solaris-style front-ends to sudo/su: they ask for a password and run as root.
  "gksudo",
  "gksu",
  "kdesu",
  "kdesudo",
  "xdg-su",
  "lxsudo",
  "beesu",
  "pfexec",
]);

/** Groups whose members are root in all but name (`sg root`, `newgrp disk`); `docker` is the user's own. */
const PRIVILEGED_GROUPS = /^(0|root|wheel|sudo|admin|adm|disk|shadow|kmem|sys)$/;

/** `systemd-run --uid=0 …`, `-p User=root`: a transient unit that runs the command as root. */
function systemdRunAsRoot(args: readonly ExpandedWord[]): boolean {
  const index = commandIndex(args, WRAPPERS["systemd-run"] ?? {});
  const options = args.slice(0, index === -1 ? args.length : index).map((word) => word.value);
  const root = (value: string | undefined) => value === "0" || value === "root";
  return options.some((value, position) => {
    const next = options[position + 1];
    if (value === "--uid") return root(next);
    if (value.startsWith("--uid=")) return root(value.slice(6));
    const property =
      value === "-p" || value === "--property"
        ? next
        : value.startsWith("--property=")
          ? value.slice(11)
          : value.startsWith("-p")
            ? value.slice(2)
            : undefined;
    return property !== undefined && /^User=(0|root)$/.test(property);
  });
}

/** `sudo --version`, `su --help`: the program prints and exits; nothing runs elevated. */
function onlyAsksForInformation(args: readonly ExpandedWord[]): boolean {
  return args.length === 1 && /^(-V|--version|-h|--help)$/.test(args[0]!.value);
}

export const privilegeRule: Rule = ({ name, args }) => {
  if (PRIVILEGE_COMMANDS.has(name) && !onlyAsksForInformation(args)) {
    return {
      rule: `privilege.${name}`,
      severity: "dangerous",
      reason: `'${name}' runs a command with elevated privileges, which this profile does not allow; run it without ${name}, or ask the user to run it themselves.`,
    };
  }
  if (
    (name === "sg" || name === "newgrp") &&
    PRIVILEGED_GROUPS.test(args.find((word) => !word.value.startsWith("-"))?.value ?? "")
  ) {
    return {
      rule: `privilege.${name}`,
      severity: "dangerous",
      reason: `'${name}' switches to a group that has root's powers, which this profile does not allow; ask the user to run it themselves.`,
    };
  }
  if (name === "machinectl" && ["shell", "login"].includes(args[0]?.value ?? "")) {
    return {
      rule: "privilege.machinectl",
      severity: "dangerous",
      reason:
        "'machinectl shell' opens a shell as another user (root by default), which this profile does not allow; ask the user to run it.",
    };
  }
  if (name === "systemd-run" && systemdRunAsRoot(args)) {
    return {
      rule: "privilege.systemd-run",
      severity: "dangerous",
      reason:
        "'systemd-run' with a root user runs the command as root, which this profile does not allow; run it without --uid/User=root, or ask the user to run it.",
    };
  }
  return undefined;
};
