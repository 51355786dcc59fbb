import type { Rule } from "./rule.js";

const ACCOUNT_COMMANDS = new Set([
  "passwd",
  "chpasswd",
  "useradd",
  "userdel",
  "usermod",
  "adduser",
  "deluser",
  "groupadd",
  "groupdel",
  "groupmod",
  "addgroup",
  "delgroup",
  "gpasswd",
  "chage",
  "chsh",
  "chfn",
  "newusers",
  "vipw",
  "vigr",
  "visudo",
  "lchage",
  "lusermod",
  "luseradd",
  "luserdel",
  "smbpasswd",
  "pwconv",
  "grpconv",
]);
const READ_ONLY = /^(-S|--status|-l|--list|-c|--check)$/;

export const accountRule: Rule = ({ name, args }) => {
  const words = args.map((word) => word.value);
  const mutating =
    (ACCOUNT_COMMANDS.has(name) &&
      !(
        words.length > 0 &&
        words.every((word) => READ_ONLY.test(word) || !word.startsWith("-")) &&
        words.some((word) => READ_ONLY.test(word))
      )) ||
    (name === "pw" && /^(user|group)(add|del|mod)$/.test(words[0] ?? "")) ||
    (name === "dscl" && words.some((word) => /^-(create|delete|passwd|append|change|merge)$/.test(word))) ||
    (name === "sysadminctl" &&
      words.some((word) => /^-(addUser|deleteUser|resetPasswordFor|newPassword)$/.test(word)));
  if (!mutating) return undefined;
  return {
    rule: `account.${name}`,
    severity: "dangerous",
    reason: `'${name}' changes user accounts, groups or passwords, which this profile does not allow; ask the user to make the change.`,
  };
};
