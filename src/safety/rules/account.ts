import { ownEntry } from "../own-entry.js";
import { onlyInformational } from "./informational.js";
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
/** The few account commands that have a look-only mode. */
const READ_ONLY: Record<string, RegExp> = {
  passwd: /^(-S|--status)$/,
  chage: /^(-l|--list)$/,
  visudo: /^(-c|--check)$/,
};
/** Short options that only print help, a version or a list, per the program's manual. */
const INFORMATIONAL: Record<string, readonly string[]> = {
  visudo: ["-V", "-h"],
  vipw: ["-V", "-h"],
  vigr: ["-V", "-h"],
  chsh: ["-l", "--list-shells", "-V", "-h"],
  chfn: ["-V", "-u"],
  useradd: ["-h"],
  usermod: ["-h"],
  userdel: ["-h"],
  groupadd: ["-h"],
  groupmod: ["-h"],
  groupdel: ["-h"],
  gpasswd: ["-h"],
  chpasswd: ["-h"],
  newusers: ["-h"],
};

export const accountRule: Rule = ({ name, args }) => {
  const words = args.map((word) => word.value);
  if (ACCOUNT_COMMANDS.has(name) && onlyInformational(words, ownEntry(INFORMATIONAL, name))) return undefined;
  const lookOnly = ownEntry(READ_ONLY, name);
  const mutating =
    (ACCOUNT_COMMANDS.has(name) && !(lookOnly && words.some((word) => lookOnly.test(word)))) ||
    (name === "pw" && /^(user|group)(add|del|mod)$/.test(words[0] ?? "")) ||
    (name === "dscl" && words.some((word) => /^-(create|delete|passwd|append|change|merge)$/.test(word))) ||
    (name === "sysadminctl" &&
      words.some((word) => /^-(addUser|deleteUser|resetPasswordFor|newPassword)$/.test(word))) ||
    (name === "net" &&
      words[0]?.toLowerCase() === "user" &&
      words.some((word) => /^\/(add|delete)$/i.test(word)));
  if (!mutating) return undefined;
  return {
    rule: `account.${name}`,
    severity: "dangerous",
    reason: `'${name}' changes user accounts, groups or passwords, which this profile does not allow; ask the user to make the change.`,
  };
};
