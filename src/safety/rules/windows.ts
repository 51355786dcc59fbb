import { type ExpandedWord, HOME_PATH } from "../extract/expanded-word.js";
import type { RuleHit } from "../finding.js";
import { firstProtected } from "./delete.js";
import { protectionOf } from "./protected-paths.js";
import type { Rule, RuleInput } from "./rule.js";

/** A path as cmd and PowerShell read it: `\Windows` is on the current drive (C: as far as we know). */
function windowsPath(word: ExpandedWord): ExpandedWord {
  const value = /^\\(?!\\)/.test(word.value) ? `C:${word.value}` : word.value.replaceAll("\\", "/");
  const folded = /^[a-z]:$/i.test(value) ? `${value}/` : value;
  return { ...word, value: folded, pattern: folded, glob: /[*?]/.test(folded) };
}

function isSwitch(word: ExpandedWord, letters: RegExp): boolean {
  return /^\/\/?/.test(word.value) && letters.test(word.value.replace(/^\/\/?/, ""));
}

/** PowerShell parameter by unambiguous prefix (`-rec`, `-Recurse`, `-r`). */
function isParameter(word: ExpandedWord, full: string, shortest = 1): boolean {
  const value = word.value.toLowerCase();
  if (!value.startsWith("-")) return false;
  const name = value.slice(1).replace(/:.*$/, "");
  return name.length >= shortest && full.startsWith(name);
}

function dangerous(rule: string, reason: string): RuleHit {
  return { rule, severity: "dangerous", reason };
}

/** `del /s`, `rd /s`: cmd's recursive deletes; operands are the words that are no switches. */
function cmdDelete(input: RuleInput): RuleHit | undefined {
  if (!input.args.some((word) => isSwitch(word, /^s$/i))) return undefined;
  const targets = input.args.filter((word) => !/^\/\/?\w(:\S*)?$/.test(word.value)).map(windowsPath);
  return firstProtected(targets, input, `'${input.name} /s'`);
}

const REMOVE_ITEM_VALUES = ["include", "exclude", "filter", "credential", "stream"];

function removeItem(input: RuleInput): RuleHit | undefined {
  if (!input.args.some((word) => isParameter(word, "recurse"))) return undefined;
  const targets: ExpandedWord[] = [];
  for (let index = 0; index < input.args.length; index += 1) {
    const word = input.args[index]!;
    if (
      isParameter(word, "path", 1) ||
      isParameter(word, "literalpath", 2) ||
      word.value.toLowerCase() === "-lp"
    ) {
      const next = input.args[index + 1];
      if (next) targets.push(...next.value.split(",").map((value) => ({ ...next, value })));
      index += 1;
    } else if (REMOVE_ITEM_VALUES.some((full) => isParameter(word, full, 2))) index += 1;
    else if (!word.value.startsWith("-"))
      targets.push(...word.value.split(",").map((value) => ({ ...word, value })));
  }
  return firstProtected(targets.map(windowsPath), input, "'Remove-Item -Recurse'");
}

const DISK_CMDLETS = new Set([
  "format-volume",
  "clear-disk",
  "initialize-disk",
  "remove-partition",
  "clear-partition",
  "new-partition",
  "resize-partition",
  "set-disk",
]);

/** Windows programs and cmdlets, reached from bash, `cmd /c` or `powershell -Command`. */
export const windowsRule: Rule = (input) => {
  const { name, args } = input;
  const lower = args.map((word) => word.value.toLowerCase());
  switch (name) {
    case "del":
    case "erase":
    case "rd":
    case "rmdir":
      return cmdDelete(input);
    case "remove-item":
      return removeItem(input);
    case "format":
      return lower.some((value) => /^[a-z]:\\?$/.test(value))
        ? dangerous(
            "mkfs.format",
            `'format ${args.map((word) => word.value).join(" ")}' erases a whole volume; ask the user to format disks.`,
          )
        : undefined;
    case "diskpart":
      return dangerous(
        "mkfs.diskpart",
        "'diskpart' edits disks and partitions, which can destroy every volume; ask the user to partition disks.",
      );
    case "cipher":
      return lower.some((value) => /^\/\/?w(:|$)/.test(value))
        ? dangerous(
            "device.cipher-wipe",
            "'cipher /w' overwrites all free space on the volume, a long disk-wide wipe; ask the user to run it.",
          )
        : undefined;
    case "bcdedit":
      return lower.length === 0 ||
        lower.every((value) => /^\/\/?(enum|v)$|^(all|active|firmware|bootmgr|\{.*\})$/.test(value))
        ? undefined
        : dangerous(
            "power.bcdedit",
            "'bcdedit' changes the boot configuration, which can leave Windows unbootable; ask the user to change boot settings.",
          );
    case "vssadmin":
    case "wmic":
      return lower.includes("delete") && lower.some((value) => value.startsWith("shadow"))
        ? dangerous(
            "delete.shadow-copies",
            `'${name}' deletes the volume shadow copies, the system's restore points; leave them alone.`,
          )
        : undefined;
    case "runas":
      return dangerous(
        "privilege.runas",
        "'runas' runs a program as another user (usually an administrator), a privilege escalation; run it without elevation or ask the user.",
      );
    case "start-process":
      return args.some(
        (word, index) => isParameter(word, "verb", 1) && /^runas/i.test(args[index + 1]?.value ?? ""),
      )
        ? dangerous(
            "privilege.uac",
            "'Start-Process -Verb RunAs' asks Windows for administrator rights (UAC elevation); run the command without elevation or ask the user.",
          )
        : undefined;
    case "net":
    case "net1":
      return (lower[0] === "user" || lower[0] === "localgroup") &&
        lower.some((value) => /^\/\/?(add|active:yes|delete)$/.test(value))
        ? dangerous(
            "account.net-user",
            `'net ${lower[0]} … ${lower.find((value) => value.startsWith("/"))}' changes the machine's user accounts or groups; ask the user to manage accounts.`,
          )
        : undefined;
    case "reg":
      return lower[0] === "delete" &&
        /^(hklm|hkey_local_machine|hkcr|hkey_classes_root|hku|hkey_users|hkcc)/.test(lower[1] ?? "")
        ? dangerous(
            "account.registry",
            `'reg delete ${args[1]!.value}' deletes machine-wide registry keys, which can break Windows; ask the user to edit the registry.`,
          )
        : undefined;
    case "wsl": {
      const user = args.findIndex((word) => word.value === "-u" || word.value === "--user");
      return user !== -1 && args[user + 1]?.value === "root"
        ? dangerous(
            "privilege.wsl-root",
            "'wsl -u root' runs the command as root in the Linux distribution, a privilege escalation; run it as the default user.",
          )
        : undefined;
    }
    case "stop-computer":
    case "restart-computer":
      return dangerous(
        `power.${name}`,
        `'${name}' would shut down or restart the machine; ask the user to do it instead.`,
      );
    case "takeown":
    case "icacls": {
      if (!lower.some((value) => /^\/\/?[tr]$/.test(value))) return undefined;
      const target = args.map(windowsPath).find((word) => {
        const protection = protectionOf(word, input.scope);
        return (
          protection === "root" ||
          protection === "system" ||
          protection === "home" ||
          word.value === HOME_PATH
        );
      });
      return target
        ? dangerous(
            `permissions.${name}`,
            `'${name}' recursively changes ownership or access of ${target.source}, which can break Windows or open it up; change only the project files that need it.`,
          )
        : undefined;
    }
    default:
      if (DISK_CMDLETS.has(name))
        return dangerous(
          `mkfs.${name}`,
          `'${name}' erases or repartitions a disk; ask the user to manage disks.`,
        );
      return undefined;
  }
};
