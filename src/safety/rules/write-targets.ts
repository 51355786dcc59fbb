import type { ExpandedWord } from "../extract/expanded-word.js";
import { resolveIn, throughLinks } from "../extract/paths.js";
import type { Scope } from "../extract/scope.js";
import type { RuleHit } from "../finding.js";
import { globMatchesPath } from "./glob.js";
import { isCredentialFile, isHistoryFile, isSystemLog } from "./protected-paths.js";
import { operands, type RuleInput } from "./rule.js";
import { isComputedSiteHook, persistenceRuleOf, startupKindOf } from "./startup-trust-files.js";
import { systemFileHit, systemFileKind } from "./system-files.js";
import { historyWipeHit } from "./user-records.js";

const DEVICE =
  /^\/dev\/(sd[a-z]|hd[a-z]|vd[a-z]|xvd[a-z]|nvme\d|mmcblk\d|r?disk\d|mapper\/|dm-\d|md\d|md\/|loop\d|nbd\d|sr\d|sg\d|mtd|zram\d|ram\d|bcache|rbd|drbd|ada\d|da\d|mem$|kmem$|port$|root$|disk\/|block\/|dasd|emmc|xbd|vbd)/;
const DEVICE_SAMPLES = [
  "/dev/sda",
  "/dev/sdb",
  "/dev/sda1",
  "/dev/nvme0n1",
  "/dev/nvme0n1p1",
  "/dev/mmcblk0",
  "/dev/disk0",
  "/dev/disk2",
  "/dev/rdisk2",
  "/dev/mem",
  "/dev/vda",
  "/dev/hda",
  "/dev/xvda",
  "/dev/dm-0",
  "/dev/md0",
  "/dev/loop0",
];
/** Kernel parameters and mandatory access control switches of the running system. */
const KERNEL_PARAMETERS =
  /^\/proc\/sys\/|^\/sys\/fs\/selinux\/(enforce|disable)$|^\/sys\/kernel\/security\/apparmor\/.+/;
const POWER_FILES = /^\/(proc\/sysrq-trigger|sys\/power\/state|proc\/sys\/kernel\/sysrq-trigger)$/;

/** Files of the operating system and installed packages: truncating one breaks what reads it. */
const SYSTEM_FILE =
  /^\/(etc|boot|bin|sbin|lib|lib32|lib64|libx32|usr\/(?!local\/)[^/]+|var\/lib|System|private\/etc)\/|^\/[a-z]\/(windows|program files[^/]*|programdata)\//i;

/**
 * Judges one path a command opens for writing: raw disks and memory, account databases, SysRq, and
 * (unless it only appends) the system's own files.
 */
export function judgeWriteTarget(
  word: ExpandedWord,
  scope: Scope,
  how: string,
  options: { readonly append?: boolean } = {},
): RuleHit | undefined {
  const named = resolveIn(word.glob ? word.pattern : word.value, scope);
  if (isComputedSiteHook(word.value))
    return {
      rule: persistenceRuleOf("language start-up hook"),
      severity: "dangerous",
      reason: `${how} writes ${word.source}, a Python start-up hook in a directory only known at run time (a site directory's .pth runs at every Python start: persistence), which this profile does not allow; show the user the change to make instead.`,
    };
  if (named === undefined) return undefined;
  // Opening a link for writing writes what it points to.
  const resolved = throughLinks(named, scope.links, true);
  const isDevice = word.glob
    ? DEVICE_SAMPLES.some((sample) => globMatchesPath(resolved, sample))
    : DEVICE.test(resolved);
  if (isDevice) {
    return {
      rule: "device.write",
      severity: "dangerous",
      reason: `${how} writes to the raw device ${word.source}, which destroys its data; write to a regular file instead (or /dev/null to discard output).`,
    };
  }
  const systemFile = systemFileKind(word, scope);
  // Appending to the account and sudo files grants access; elsewhere only replacing them breaks things.
  if (systemFile === "account" || (systemFile && !options.append))
    return systemFileHit(systemFile, `${how} writes to ${resolved},`);
  if (KERNEL_PARAMETERS.test(resolved) && !POWER_FILES.test(resolved)) {
    return {
      rule: "system.kernel-parameter",
      severity: "dangerous",
      reason: `${how} writes to ${resolved}, which changes a kernel parameter or security switch of the running system; read it instead, or ask the user to change it.`,
    };
  }
  if (POWER_FILES.test(resolved)) {
    return {
      rule: "power.sysrq",
      severity: "dangerous",
      reason: `${how} writes to ${resolved}, which can reboot or power off the machine immediately; ask the user instead.`,
    };
  }
  if (!options.append && isCredentialFile(resolved)) {
    return {
      rule: "write.credentials",
      severity: "dangerous",
      reason: `${how} overwrites ${word.source}, a key or credential file, which destroys it; write somewhere else, or ask the user to replace it.`,
    };
  }
  if (!options.append && (isHistoryFile(resolved) || isSystemLog(resolved)))
    return historyWipeHit(
      `${how} overwrites ${word.source}, ${isSystemLog(resolved) ? "a system log" : "a shell history file"},`,
    );
  const startup = startupKindOf(resolved, scope);
  if (startup) {
    return {
      rule: persistenceRuleOf(startup),
      severity: "dangerous",
      reason: `${how} writes ${word.source}, a ${startup} that keeps acting in the user's later sessions (persistence), which this profile does not allow; show the user the change to make instead.`,
    };
  }
  if (!options.append && SYSTEM_FILE.test(resolved)) {
    return {
      rule: "write.system-file",
      severity: "dangerous",
      reason: `${how} overwrites ${resolved}, a file of the operating system or an installed package, which can break the system; leave system files alone or ask the user to change them.`,
    };
  }
  return undefined;
}

/** The directory of `-t DIR`, `--target-directory=DIR` or `--target-directory DIR` at `index`. */
function targetDirectory(args: readonly ExpandedWord[], index: number): ExpandedWord[] {
  const word = args[index]!;
  if (word.value.startsWith("--target-directory=")) {
    const value = word.value.slice("--target-directory=".length);
    return [{ ...word, value, pattern: value }];
  }
  const next = args[index + 1];
  return next ? [next] : [];
}

/** Paths that a command (not a redirect) opens for writing: `dd of=`, `tee`, `cp`/`mv` targets… */
export function commandWriteTargets(input: RuleInput): ExpandedWord[] {
  const { name, args } = input;
  switch (name) {
    case "tar":
    case "gtar":
    case "bsdtar": {
      // The archive named by -f (also inside clusters like `cvf`) is written when creating.
      const files: ExpandedWord[] = [];
      args.forEach((word, index) => {
        const value = word.value;
        if (value.startsWith("--file="))
          files.push({ ...word, value: value.slice(7), pattern: value.slice(7) });
        else if ((/^-?[a-zA-Z]*f$/.test(value) && index <= 1) || value === "--file") {
          const next = args[index + 1];
          if (next) files.push(next);
        }
      });
      const creating =
        args.some((word) => /^-?[a-zA-Z]*[cru]/.test(word.value) && !word.value.startsWith("--")) ||
        args.some((word) => /^--(create|append|update)$/.test(word.value));
      return creating ? files : [];
    }
    case "curl":
    case "wget":
    case "openssl":
    case "aria2c": {
      const flags =
        name === "curl"
          ? ["-o", "--output"]
          : name === "wget"
            ? ["-O", "--output-document"]
            : name === "openssl"
              ? ["-out"]
              : ["-o", "--out"];
      const found: ExpandedWord[] = [];
      // `curl -sSLo FILE`, `wget -qO FILE`: the short flag may end a cluster of flags that take none.
      const letter = name === "curl" || name === "wget" ? flags[0]!.slice(1) : undefined;
      const clustered = (value: string) =>
        letter !== undefined && new RegExp(`^-[a-zA-Z]+${letter}$`).test(value);
      args.forEach((word, index) => {
        const next = args[index + 1];
        if ((flags.includes(word.value) || clustered(word.value)) && next && next.value !== "-")
          found.push(next);
        for (const flag of flags) {
          if (word.value.startsWith(`${flag}=`))
            found.push({
              ...word,
              value: word.value.slice(flag.length + 1),
              pattern: word.value.slice(flag.length + 1),
            });
        }
      });
      return found;
    }
    case "qemu-img": {
      const files = operands(args, "fOoFBlst");
      return args[0]?.value === "convert" || args[0]?.value === "dd" ? files.slice(-1) : [];
    }
    case "sort": {
      const found: ExpandedWord[] = [];
      args.forEach((word, index) => {
        if (word.value === "-o" || word.value === "--output") {
          const next = args[index + 1];
          if (next) found.push(next);
        } else if (word.value.startsWith("--output="))
          found.push({ ...word, value: word.value.slice(9), pattern: word.value.slice(9) });
        else if (/^-o./.test(word.value))
          found.push({ ...word, value: word.value.slice(2), pattern: word.value.slice(2) });
      });
      return found;
    }
    case "uniq":
      return operands(args, "fsw").slice(1, 2);
    case "xxd":
      return args.some((word) => /^-[a-z]*r/.test(word.value)) ? operands(args, "cgls").slice(1, 2) : [];
    case "find": {
      const found: ExpandedWord[] = [];
      args.forEach((word, index) => {
        const next = args[index + 1];
        if (/^-fprint(0|f)?$/.test(word.value) && next) found.push(next);
      });
      return found;
    }
    case "script":
      return args.some((word) => /^(-[a-zA-Z]*c|--command)/.test(word.value))
        ? []
        : operands(args, "EBIOTm").slice(0, 1);
    // `-f` is a plain flag in both (force); only these letters take a separate argument.
    case "scrub":
      return operands(args, "pbsD");
    case "wipe":
      return operands(args, "QRlo");
    case "dcfldd":
    case "dd":
      return args
        .filter((word) => word.value.startsWith("of="))
        .map((word) => ({ ...word, value: word.value.slice(3), pattern: word.pattern.slice(3) }));
    case "tee":
    case "shred":
    case "truncate":
    case "sponge":
      return operands(args, name === "truncate" ? "sr" : name === "shred" ? "ns" : "");
    case "cp":
    case "mv":
    case "install":
    case "ddrescue": {
      const targetOption = args.findIndex(
        (word) => word.value === "-t" || word.value.startsWith("--target-directory"),
      );
      if (targetOption !== -1) return targetDirectory(args, targetOption);
      const files = operands(args, name === "install" ? "mgoS" : "S");
      return name === "ddrescue" ? files.slice(1, 2) : files.length > 1 ? files.slice(-1) : [];
    }
    case "ln":
    case "gln": {
      // `ln TARGET LINK`, `ln TARGET… DIR`, `ln -t DIR TARGET…`: the link made replaces what was there.
      const targetOption = args.findIndex(
        (word) => word.value === "-t" || word.value.startsWith("--target-directory"),
      );
      if (targetOption !== -1) return targetDirectory(args, targetOption);
      const files = operands(args, "S");
      return files.length > 1 ? files.slice(-1) : [];
    }
    case "link":
      return operands(args).slice(1, 2);
    case "rsync": {
      // The destination, when it is a local path (`HOST:path` and `rsync://` are another machine's).
      const files = operands(args, "efBTM");
      const destination = files.at(-1);
      return files.length > 1 && destination && !/^[^/]*:|^rsync:\/\//.test(destination.value)
        ? [destination]
        : [];
    }
    case "sed":
    case "gsed":
    case "perl": {
      if (!args.some((word) => /^(-[a-zA-Z]*i|--in-place)/.test(word.value))) return [];
      const positional = operands(args, name === "perl" ? "eEMI" : "efl");
      const scripted = args.some((word) => /^-[a-zA-Z]*[eE]$|^--expression/.test(word.value));
      return scripted ? positional : positional.slice(1);
    }
    default:
      // A formatter writes the image file it is given (a device is the mkfs rule's, dry runs and
      // all); option letters that take a value are mke2fs's and mkfs.erofs's.
      return /^(mkfs(\..+)?|mke2fs|mkswap|mkdosfs|mkntfs|mkexfatfs|mkudffs|newfs.*)$/.test(name)
        ? operands(args, "bCdEgGiIJlLmNoOrtTUezx").filter((word) => !word.value.startsWith("/dev/"))
        : [];
  }
}
