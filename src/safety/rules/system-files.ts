import type { ExpandedWord } from "../extract/expanded-word.js";
import { resolveIn } from "../extract/paths.js";
import type { Scope } from "../extract/scope.js";
import type { RuleHit } from "../finding.js";
import { globMatchesPath } from "./glob.js";

/**
 * The files the machine needs to let anyone log in, to mount its disks and to boot: emptying,
 * replacing, moving, linking over or removing one breaks the machine (appending to the account and
 * sudo files is blocked too: it grants access). Reading and copying them out is fine.
 */
export type SystemFileKind = "account" | "authentication" | "mount" | "boot";

const KINDS: readonly (readonly [RegExp, SystemFileKind])[] = [
  [
    /^\/(private\/)?etc\/(passwd|shadow|group|gshadow|master\.passwd|sudoers|sudoers\.d(\/.*)?|doas\.conf|subuid|subgid)$/,
    "account",
  ],
  [
    /^\/(private\/)?etc\/(pam\.d(\/.*)?|pam\.conf|security(\/.*)?|login\.defs|shells|securetty|nsswitch\.conf|ssh\/sshd_config(\.d(\/.*)?)?|krb5\.conf|sssd\/sssd\.conf)$/,
    "authentication",
  ],
  [/^\/etc\/(fstab|crypttab|mtab|auto\.master|exports)$/, "mount"],
  [
    /^\/boot(\/.*)?$|^\/etc\/(default\/grub(\.d(\/.*)?)?|grub\.d(\/.*)?|inittab|initramfs-tools(\/.*)?|mkinitcpio\.conf|mkinitcpio\.d(\/.*)?|dracut\.conf(\.d(\/.*)?)?|kernel(\/.*)?|modules-load\.d(\/.*)?|modprobe\.d(\/.*)?|kernel-img\.conf)$/,
    "boot",
  ],
];

/** Names a glob is tried against (`rm -f /boot/vmlinuz-*`, `rm /etc/pass??`). */
const SAMPLES = [
  "/etc/passwd",
  "/etc/shadow",
  "/etc/group",
  "/etc/gshadow",
  "/etc/sudoers",
  "/etc/sudoers.d/README",
  "/etc/pam.d/common-auth",
  "/etc/pam.d/sshd",
  "/etc/security/limits.conf",
  "/etc/login.defs",
  "/etc/nsswitch.conf",
  "/etc/ssh/sshd_config",
  "/etc/fstab",
  "/etc/crypttab",
  "/etc/default/grub",
  "/boot/vmlinuz-6.1.0-18-amd64",
  "/boot/initrd.img-6.1.0-18-amd64",
  "/boot/config-6.1.0-18-amd64",
  "/boot/System.map-6.1.0-18-amd64",
  "/boot/grub/grub.cfg",
  "/boot/efi/EFI/debian/grubx64.efi",
  "/etc/initramfs-tools/initramfs.conf",
];

function kindOfPath(resolved: string): SystemFileKind | undefined {
  for (const [pattern, kind] of KINDS) if (pattern.test(resolved)) return kind;
  return undefined;
}

/** Whether the word names (or, as a glob, can match) an account, authentication, mount or boot file. */
export function systemFileKind(word: ExpandedWord, scope: Scope): SystemFileKind | undefined {
  const resolved = resolveIn(word.glob ? word.pattern : word.value, scope);
  if (resolved === undefined) return undefined;
  if (!word.glob) return kindOfPath(resolved);
  const sample = SAMPLES.find((candidate) => globMatchesPath(resolved, candidate));
  return sample === undefined ? undefined : kindOfPath(sample);
}

const DESCRIPTION: Record<SystemFileKind, string> = {
  account: "the system's account or sudo configuration",
  authentication: "part of how the machine authenticates logins",
  mount: "the machine's file-system mount table",
  boot: "part of what the machine boots from",
};

export function systemFileHit(kind: SystemFileKind, what: string): RuleHit {
  return {
    rule: kind === "account" ? "account.file" : `system-file.${kind}`,
    severity: "dangerous",
    reason: `${what} ${DESCRIPTION[kind]}, which can lock everyone out or stop the machine booting; leave it alone, or ask the user to make the change.`,
  };
}
