import { INTERPRETERS } from "../interpreters/inline-code.js";
import { WRAPPERS } from "../normalize/unwrap.js";
import { SHELLS } from "../reparse/shell-script.js";
import { PRIVILEGE_COMMANDS } from "../rules/privilege.js";

/** Names a glob in command position is resolved against (`/usr/bin/su?o` → sudo). */
export const KNOWN_COMMAND_NAMES: readonly string[] = [
  ...PRIVILEGE_COMMANDS,
  ...SHELLS,
  ...Object.keys(WRAPPERS),
  ...INTERPRETERS,
  "rm",
  "chmod",
  "chown",
  "chgrp",
  "dd",
  "find",
  "rsync",
  "mkfs",
  "mke2fs",
  "wipefs",
  "shutdown",
  "reboot",
  "halt",
  "poweroff",
  "passwd",
  "useradd",
  "userdel",
  "usermod",
  "chpasswd",
  "eval",
  "env",
  "xargs",
  "tee",
];
