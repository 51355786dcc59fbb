import { hasMarkers } from "../extract/expanded-word.js";
import { resolveIn, throughLinks } from "../extract/paths.js";
import type { Scope } from "../extract/scope.js";
import type { RuleHit } from "../finding.js";
import { ownEntry } from "../own-entry.js";
import { onlyInformational } from "./informational.js";
import type { Rule } from "./rule.js";

const FORMATTERS = new Set([
  "mke2fs",
  "mkswap",
  "mkdosfs",
  "mkntfs",
  "mkexfatfs",
  "mkudffs",
  "wipefs",
  "blkdiscard",
  "newfs",
]);
const PARTITIONERS: Record<string, RegExp> = {
  fdisk: /^(-l|--list|-s|--getsz|-V|--version|-h|--help)$/,
  sfdisk: /^(-l|--list|-d|--dump|-s|--show-size|-V|--verify|--json|-J|-g|--show-geometry|-h|--help)$/,
  cfdisk: /^(-h|--help|-V|--version)$/,
  gdisk: /^(-l)$/,
  cgdisk: /^(-h)$/,
  sgdisk: /^(-p|--print|-i|--info(=.*)?|-v|--verify|-P|--pretend|-L|--list-types|-O|--print-mbr)$/,
  parted: /^(-l|--list|print|-h|--help|-v|--version)$/,
};
const SUBCOMMANDS: Record<string, RegExp> = {
  cryptsetup: /^(luksFormat|format|erase|luksErase|reencrypt|isLuks-wipe)$/,
  diskutil:
    /^(eraseDisk|eraseVolume|partitionDisk|zeroDisk|randomDisk|secureErase|reformat|splitPartition|mergePartitions|deleteContainer)$/i,
  zpool: /^(create|destroy|labelclear)$/,
  mdadm: /^(--create|-C|--zero-superblock|--build|-B)$/,
  pvcreate: /./,
  pvremove: /./,
  vgremove: /./,
  lvremove: /./,
  badblocks: /^-[a-zA-Z]*w/,
  hdparm:
    /^(--security-erase|--security-erase-enhanced|--trim-sector-ranges|--write-sector|--yes-i-know-what-i-am-doing)/,
  nvme: /^(format|sanitize)$/,
  sg_format: /./,
};

function hit(name: string): RuleHit {
  return {
    rule: name.startsWith("mkfs") ? "mkfs.format" : `mkfs.${name}`,
    severity: "dangerous",
    reason: `'${name}' formats, partitions or erases a storage device, destroying its data; ask the user to run it if this is really intended.`,
  };
}

/** LVM's and the disk tools' short help and version letters. */
const INFORMATIONAL = ["-h", "-?", "-V"];

/**
 * Block devices live under /dev: a formatter whose operands all name other paths writes a file
 * (`mkfs.erofs image.erofs root/` builds an image from a directory, `mkfs.ext4 disk.img` formats
 * an image file), which is judged as a write to those files, not as erasing a disk. A computed
 * operand could be a device, so it stays a format.
 */
function onlyRegularFiles(args: Parameters<Rule>[0]["args"], scope: Scope): boolean {
  const operands = args.filter((word) => !word.value.startsWith("-"));
  return (
    operands.length > 0 &&
    operands.every((word) => {
      if (word.dynamic || word.glob || hasMarkers(word.value)) return false;
      const named = resolveIn(word.value, scope);
      const resolved = named === undefined ? word.value : throughLinks(named, scope.links, true);
      return !resolved.startsWith("/dev/") && resolved !== "/dev";
    })
  );
}

const FILE_FORMATTERS = /^(mkfs(\..+)?|mke2fs|mkswap|mkdosfs|mkntfs|mkexfatfs|mkudffs|wipefs|newfs.*)$/;

export const mkfsRule: Rule = ({ name, args, scope }) => {
  if (
    onlyInformational(
      args.map((word) => word.value),
      INFORMATIONAL,
    )
  )
    return undefined;
  const found = formatterHit(name, args);
  return found && !(FILE_FORMATTERS.test(name) && onlyRegularFiles(args, scope)) ? found : undefined;
};

function formatterHit(name: string, args: Parameters<Rule>[0]["args"]): RuleHit | undefined {
  if (name === "mkfs" || name.startsWith("mkfs.") || name.startsWith("newfs") || FORMATTERS.has(name)) {
    if (args.some((word) => /^(-V|--version|-h|--help)$/.test(word.value)) && args.length === 1)
      return undefined;
    // Without -a/-o wipefs only lists signatures; mke2fs -n only shows what it would do.
    if (
      name === "wipefs" &&
      (!args.some((word) => /^(-[a-zA-Z]*[ao]|--all|--offset)/.test(word.value)) ||
        args.some((word) => /^(-[a-zA-Z]*n|--no-act)$/.test(word.value)))
    )
      return undefined;
    if (
      /^(mke2fs|mkfs\.ext[234])$/.test(name) &&
      args.some((word) => /^-[a-zA-Z]*n[a-zA-Z]*$/.test(word.value))
    )
      return undefined;
    return hit(name);
  }
  const readOnly = ownEntry(PARTITIONERS, name);
  if (readOnly) {
    if (args.length === 0 || args.some((word) => readOnly.test(word.value)))
      return name === "parted" && args.length === 0 ? hit(name) : undefined;
    return hit(name);
  }
  const destructive = ownEntry(SUBCOMMANDS, name);
  if (destructive && args.some((word) => destructive.test(word.value))) return hit(name);
  return undefined;
}
