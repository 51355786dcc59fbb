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
]);

export const privilegeRule: Rule = ({ name, args }) => {
  if (PRIVILEGE_COMMANDS.has(name)) {
    return {
      rule: `privilege.${name}`,
      severity: "dangerous",
      reason: `'${name}' runs a command with elevated privileges, which this profile does not allow; run it without ${name}, or ask the user to run it themselves.`,
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
  return undefined;
};
