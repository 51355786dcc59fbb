import { hasMarkers } from "../extract/expanded-word.js";
import type { RuleHit } from "../finding.js";
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

const IMAGE_FILE = /\.(img|raw|iso|bin|qcow2|vhdx?|vmdk|fs|ext[234]|btrfs|xfs|part|dd)$/i;

/** Formatting a disk-image file the project owns destroys nothing else. */
function onlyImageFiles(args: Parameters<Rule>[0]["args"]): boolean {
  const operands = args.filter((word) => !word.value.startsWith("-"));
  return (
    operands.some((word) => IMAGE_FILE.test(word.value)) &&
    operands.every(
      (word) => !word.dynamic && !word.glob && !word.value.includes("/dev/") && !hasMarkers(word.value),
    )
  );
}

export const mkfsRule: Rule = ({ name, args }) => {
  const found = formatterHit(name, args);
  return found && !onlyImageFiles(args) ? found : undefined;
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
  const readOnly = PARTITIONERS[name];
  if (readOnly) {
    if (args.length === 0 || args.some((word) => readOnly.test(word.value)))
      return name === "parted" && args.length === 0 ? hit(name) : undefined;
    return hit(name);
  }
  const destructive = SUBCOMMANDS[name];
  if (destructive && args.some((word) => destructive.test(word.value))) return hit(name);
  return undefined;
}
