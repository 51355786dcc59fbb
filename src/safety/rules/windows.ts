import { type ExpandedWord, HOME_PATH } from "../extract/expanded-word.js";
import type { RuleHit } from "../finding.js";
import { firstProtected } from "./delete.js";
import { protectionOf } from "./protected-paths.js";
import type { Rule, RuleInput } from "./rule.js";

/**
 * A path as cmd and PowerShell read it: `\Windows` is on the current drive (C: as far as we know),
 * and `*.*` matches every name, those without a dot included.
 */
function windowsPath(word: ExpandedWord): ExpandedWord {
  const value = /^\\(?!\\)/.test(word.value) ? `C:${word.value}` : word.value.replaceAll("\\", "/");
  const drive = /^[a-z]:$/i.test(value) ? `${value}/` : value;
  const folded = drive.replace(/(^|\/)\*\.\*$/, "$1*");
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

/** The words of a Windows command line that are no switches (`/s`, `//MIR`, `/LEV:2`). */
function operands(words: readonly ExpandedWord[]): ExpandedWord[] {
  return words.filter((word) => !/^\/\/?[\w?]+(:\S*)?$/.test(word.value));
}

/**
 * `robocopy SOURCE DEST /MIR` (or `/PURGE`) deletes every file and folder of DEST that SOURCE lacks:
 * from an empty SOURCE, all of DEST. Judged as deleting every entry of DEST.
 */
function robocopyPurge(input: RuleInput): RuleHit | undefined {
  const purge = input.args.find((word) => isSwitch(word, /^(mir|purge)$/i));
  const destination = operands(input.args)[1];
  if (!purge || !destination) return undefined;
  const everything = { ...destination, value: `${destination.value.replace(/[\\/]+$/, "")}\\*` };
  return firstProtected([windowsPath(everything)], input, `'robocopy ${purge.value}'`);
}

/** Registry roots as `reg` and PowerShell's registry drives spell them. */
const MACHINE_KEY = /^(hklm|hkey_local_machine)(\\|:|$)|^registry::hkey_local_machine(\\|$)/i;
/** What Windows cannot boot without: the machine's services, drivers and hardware keys, and its accounts. */
const BOOT_HIVES = /^(hklm|hkey_local_machine):?\\+(system|sam|security|bcd00000000)(\\|$)/i;
/** Keys whose values Windows runs at logon or whenever a program starts. */
const AUTORUN_KEYS =
  /\\(run|runonce|runservices|runservicesonce|winlogon|policies\\explorer\\run|image file execution options\\[^\\]+|explorer\\shell folders|explorer\\user shell folders)(\\|$)/i;

function registryKey(value: string): string {
  return value
    .replace(/^registry::/i, "")
    .replace(/^(hkey_local_machine)/i, "hklm")
    .replace(/^(hklm):/i, "$1");
}

/** `reg add|delete|import|restore KEY`: the hive Windows boots from, the autorun keys, machine-wide deletes. */
function registryChange(input: RuleInput, verb: string, key: string): RuleHit | undefined {
  const normalised = registryKey(key);
  if (
    ["add", "delete", "import", "restore", "load", "unload", "copy"].includes(verb) &&
    BOOT_HIVES.test(normalised)
  ) {
    return {
      rule: "system.registry-boot",
      severity: "catastrophic",
      reason: `'${input.name} ${verb} ${key}' changes HKLM\\SYSTEM (or the SAM, SECURITY or boot hive), which Windows needs to start; no profile short of unrestricted allows it, so ask the user.`,
    };
  }
  if ((verb === "add" || verb === "copy") && AUTORUN_KEYS.test(normalised)) {
    return dangerous(
      "persistence.run-key",
      `'${input.name} ${verb} ${key}' makes Windows run a command at every logon (or whenever a program starts), which outlives this task; ask the user to set up anything that starts with Windows.`,
    );
  }
  if (
    verb === "delete" &&
    (MACHINE_KEY.test(normalised) || /^(hkcr|hkey_classes_root|hku|hkey_users|hkcc)/i.test(normalised))
  ) {
    return dangerous(
      "account.registry",
      `'${input.name} delete ${key}' deletes machine-wide registry keys, which can break Windows; ask the user to edit the registry.`,
    );
  }
  return undefined;
}

/** PowerShell's registry provider: `Remove-Item HKLM:\SYSTEM\…`, `New-ItemProperty HKCU:\…\Run`. */
function registryCmdlet(input: RuleInput): RuleHit | undefined {
  const key = input.args.find((word) => /^(hk(lm|cu|cr|u|cc)|hkey_\w+|registry::)/i.test(word.value));
  if (!key) return undefined;
  const verb = input.name === "remove-item" || input.name === "remove-itemproperty" ? "delete" : "add";
  return registryChange(input, verb, key.value);
}

const DEFENDER_SERVICES = /^(windefend|wdnissvc|sense|wscsvc|mpssvc|bfe|securityhealthservice)$/i;

/** `sc delete NAME`, or stopping or disabling the antivirus or the firewall service. */
function serviceControl(input: RuleInput): RuleHit | undefined {
  const words = input.args.map((word) => word.value);
  // `sc \\server delete X`: the optional server name comes first.
  const [verb = "", service = ""] = (words[0]?.startsWith("\\\\") ? words.slice(1) : words).map((word) =>
    word.toLowerCase(),
  );
  if (verb === "delete") {
    return dangerous(
      "system.service-delete",
      `'sc delete ${service}' removes a Windows service for good (its registration, not only its running process); ask the user to uninstall services.`,
    );
  }
  if (["stop", "config", "pause"].includes(verb) && DEFENDER_SERVICES.test(service)) {
    return dangerous(
      "system.antivirus",
      `'sc ${verb} ${service}' stops or disables the antivirus or the firewall; leave Windows' protection on, or ask the user.`,
    );
  }
  return undefined;
}

/** `Set-MpPreference -Disable…  $true`, `Add-MpPreference -Exclusion…`: Microsoft Defender turned off or blinded. */
function defenderPreference(input: RuleInput): RuleHit | undefined {
  const turnsOff = input.args.some((word, index) => {
    if (input.name === "add-mppreference")
      return isParameter(word, "exclusionpath", 10) || /^-exclusion/i.test(word.value);
    if (!/^-disable/i.test(word.value)) return false;
    const attached = /:(.*)$/.exec(word.value)?.[1];
    const value = (attached ?? input.args[index + 1]?.value ?? "$true").toLowerCase();
    return !["$false", "0", "false"].includes(value);
  });
  return turnsOff
    ? dangerous(
        "system.antivirus",
        `'${input.name}' turns Microsoft Defender's protection off or excludes files from its scans; leave it on, or ask the user.`,
      )
    : undefined;
}

/** `netsh advfirewall set … state off`, `netsh firewall set opmode disable`. */
function netshFirewall(lower: readonly string[]): boolean {
  const text = lower.join(" ");
  return (
    /^(advfirewall\s+set\s+\S+\s+state\s+off|advfirewall\s+reset|firewall\s+set\s+opmode\s+(mode=)?disable)/.test(
      text,
    ) ||
    /^advfirewall\s+firewall\s+(add|set)\s+rule\b.*\bdir=in\b.*\baction=allow\b.*\b(localport=any|protocol=any)/.test(
      text,
    )
  );
}

/** `wmic process call create`, `Invoke-WmiMethod -Class Win32_Process -Name Create`, `Invoke-CimMethod …`. */
function wmiProcessCreate(input: RuleInput, lower: readonly string[]): RuleHit | undefined {
  const viaWmic =
    input.name === "wmic" &&
    lower.some((value) => value === "process" || value.startsWith("path win32_process")) &&
    lower.includes("call") &&
    lower.includes("create");
  const viaCmdlet =
    (input.name === "invoke-wmimethod" || input.name === "invoke-cimmethod") &&
    lower.some((value) => value.replace(/['"]/g, "") === "win32_process") &&
    lower.some((value) => value.replace(/['"]/g, "") === "create");
  return viaWmic || viaCmdlet
    ? dangerous(
        "containment.wmi-process",
        `'${input.name} … create' starts a process through WMI, outside this command's Job Object: shellgate could neither time it out nor end it; run the program directly instead.`,
      )
    : undefined;
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
      return registryCmdlet(input) ?? removeItem(input);
    case "new-item":
    case "new-itemproperty":
    case "set-itemproperty":
    case "set-item":
    case "remove-itemproperty":
      return registryCmdlet(input);
    case "robocopy":
      return robocopyPurge(input);
    case "sc":
      return serviceControl(input);
    case "stop-service":
    case "set-service":
      return args.some((word) => DEFENDER_SERVICES.test(word.value))
        ? dangerous(
            "system.antivirus",
            `'${name}' stops or disables the antivirus or the firewall service; leave Windows' protection on, or ask the user.`,
          )
        : undefined;
    case "remove-service":
      return dangerous(
        "system.service-delete",
        "'Remove-Service' removes a Windows service for good; ask the user to uninstall services.",
      );
    case "set-mppreference":
    case "add-mppreference":
      return defenderPreference(input);
    case "netsh":
      return netshFirewall(lower)
        ? dangerous(
            "system.firewall",
            `'netsh ${args.map((word) => word.value).join(" ")}' switches the Windows firewall off or opens it to everything; ask the user to change firewall settings.`,
          )
        : undefined;
    case "set-netfirewallprofile":
      return args.some(
        (word, index) =>
          isParameter(word, "enabled", 2) &&
          /^(false|\$false|0)$/i.test(
            (/:(.*)$/.exec(word.value)?.[1] ?? args[index + 1]?.value ?? "").trim(),
          ),
      )
        ? dangerous(
            "system.firewall",
            "'Set-NetFirewallProfile -Enabled False' switches the Windows firewall off; ask the user to change firewall settings.",
          )
        : undefined;
    case "invoke-wmimethod":
    case "invoke-cimmethod":
      return wmiProcessCreate(input, lower);
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
        : {
            rule: "power.bcdedit",
            severity: "catastrophic",
            reason:
              "'bcdedit' changes the boot configuration, which can leave Windows unbootable; no profile short of unrestricted allows it, so ask the user to change boot settings.",
          };
    // bcdboot copies fresh boot files from an installed Windows (its manual's repair step): dangerous,
    // not the catastrophe of rewriting the boot sector.
    case "bcdboot":
      return dangerous(
        "power.bcdboot",
        "'bcdboot' rewrites the boot files of the system partition, which can leave Windows unbootable; ask the user to repair boot settings.",
      );
    case "bootsect":
      return {
        rule: `power.${name}`,
        severity: "catastrophic",
        reason: `'${name}' rewrites the boot files or boot sector, which can leave Windows unbootable; ask the user to repair boot settings.`,
      };
    case "vssadmin":
    case "wmic":
      return lower.includes("delete") && lower.some((value) => value.startsWith("shadow"))
        ? dangerous(
            "delete.shadow-copies",
            `'${name}' deletes the volume shadow copies, the system's restore points; leave them alone.`,
          )
        : wmiProcessCreate(input, lower);
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
      return args[1] === undefined
        ? undefined
        : registryChange(input, (lower[0] ?? "").replace(/^\/+/, ""), args[1].value);
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
