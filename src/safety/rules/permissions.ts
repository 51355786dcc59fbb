import type { ExpandedWord } from "../extract/expanded-word.js";
import { resolveIn } from "../extract/paths.js";
import type { Scope } from "../extract/scope.js";
import { protectionOf } from "./protected-paths.js";
import type { Rule } from "./rule.js";

const ACCOUNT_FILE = /^\/etc\/(passwd|shadow|group|gshadow|sudoers|sudoers\.d(\/.*)?)$/;
const OWNERSHIP = new Set(["chmod", "chown", "chgrp", "setfacl", "chattr", "chcon"]);
const SETUID_MODE = /^(\d*[4-7]\d{3}|[ugoa]*\+[rwxXt]*s[rwxXts]*)$/;

function splitArgs(
  name: string,
  args: readonly ExpandedWord[],
): { recursive: boolean; mode?: string; targets: ExpandedWord[] } {
  let recursive = false;
  const positional: ExpandedWord[] = [];
  let endOfOptions = false;
  for (let index = 0; index < args.length; index += 1) {
    const word = args[index]!;
    const value = word.value;
    const looksLikeMode = name === "chmod" && /^-[rwxXstugo]+$/.test(value);
    if (endOfOptions || !value.startsWith("-") || looksLikeMode) positional.push(word);
    else if (value === "--") endOfOptions = true;
    else if (value === "--recursive") recursive = true;
    else if (/^--(reference|from)$/.test(value)) index += 1;
    else if (!value.startsWith("--")) {
      if (/R/.test(value)) recursive = true;
      if (name === "setfacl" && /[mMxX]$/.test(value)) index += 1;
    }
  }
  if (name === "setfacl" || name === "chattr" || name === "chcon") {
    return { recursive, targets: positional.slice(name === "setfacl" ? 0 : 1) };
  }
  // With --reference (or --from) there is no mode/owner operand: every operand is a target.
  if (args.some((word) => /^--reference(=|$)/.test(word.value))) return { recursive, targets: positional };
  return { recursive, mode: positional[0]?.value, targets: positional.slice(1) };
}

/** The owner or group operand as written (to see whether it names the user themselves). */
function ownerWord(args: readonly ExpandedWord[]): ExpandedWord | undefined {
  return args.find((word) => !word.value.startsWith("-"));
}

/**
 * Whether a recursive change of the whole home breaks it: a mode that opens it to others or takes the
 * owner's own access away (`777`, `000`, `a-rwx`), or handing it to another owner (`chown -R nobody ~`).
 * Giving it back to oneself (`chown -R "$USER" ~`) and tightening it (`go-rwx`) do not.
 */
function breaksHome(
  name: string,
  mode: string | undefined,
  owner: ExpandedWord | undefined,
  scope: Scope,
): boolean {
  if (name === "chown" || name === "chgrp") {
    if (!owner) return false;
    const self = /\$\{?(USER|LOGNAME|UID|EUID)\b|\$\(\s*(whoami|id\b)|`\s*(whoami|id\b)/.test(owner.source);
    const user = owner.value.split(/[:.]/, 1)[0]!;
    const known = [
      scope.variables.get("USER"),
      ...scope.homes.map((home) => home.slice(home.lastIndexOf("/") + 1)),
    ];
    return !self && !(user !== "" && known.includes(user));
  }
  if (name !== "chmod" || !mode) return false;
  if (/^[0-7]{1,4}$/.test(mode)) {
    const digits = mode.padStart(4, "0");
    const owner = Number(digits[1]);
    const others = Number(digits[2]) | Number(digits[3]);
    return owner < 6 || (others & 2) !== 0;
  }
  return mode.split(",").some((clause) => {
    const match = /^([ugoa]*)([-+=])([rwxXst]*)$/.exec(clause);
    if (!match) return false;
    const who = match[1] || "a";
    const [, , operator, permissions = ""] = match;
    const owner = /[ua]/.test(who);
    if (operator === "-") return owner && /[rwxX]/.test(permissions);
    if (operator === "=")
      return (
        (owner && !(permissions.includes("r") && permissions.includes("w"))) ||
        (/[goa]/.test(who) && permissions.includes("w"))
      );
    return /[goa]/.test(who) && permissions.includes("w");
  });
}

/** Recursive permission or owner changes on `/` or system directories, and setuid on system binaries. */
export const permissionsRule: Rule = ({ name, args, invocation, scope }) => {
  if (!OWNERSHIP.has(name)) return undefined;
  const { recursive, mode, targets } = splitArgs(name, args);
  const tree = recursive || invocation.treeOperands === true;
  for (const target of targets) {
    if (name !== "chattr" && ACCOUNT_FILE.test(resolveIn(target.value, scope) ?? "")) {
      return {
        rule: "permissions.account-file",
        severity: "dangerous",
        reason: `'${name}' on ${target.source} changes who can read or write the account or sudo database, a privilege escalation; leave its permissions alone.`,
      };
    }
    const protection = protectionOf(target, scope);
    if (protection === "root" || protection === "system" || (protection === "home" && tree)) {
      if (protection === "home" && !breaksHome(name, mode, ownerWord(args), scope)) continue;
      return {
        rule: `permissions.${name}`,
        severity: "dangerous",
        reason: `'${name}${tree ? " -R" : ""}' on ${target.source} changes permissions or ownership of ${protection === "home" ? "your whole home directory" : "system files"}, which can break the system or open it up; change only the project files that need it.`,
      };
    }
    if (name === "chmod" && mode && SETUID_MODE.test(mode)) {
      const resolved = resolveIn(target.value, scope) ?? "";
      if (
        /^\/(usr\/)?(local\/)?s?bin\//.test(resolved) ||
        /(^|\/)(ba|da|z|k|c|tc|fi)?sh$|python|perl|ruby|node/.test(resolved)
      ) {
        return {
          rule: "permissions.setuid",
          severity: "dangerous",
          reason: `'chmod ${mode}' makes ${target.source} run as its owner (setuid), a privilege escalation; leave the mode without the s bit.`,
        };
      }
    }
  }
  return undefined;
};
