#!/usr/bin/env node
// Runs a command in REAL bash inside a throwaway bubblewrap sandbox and reports whether it reaches a
// dangerous action. Used to check the expectations of safety cases (see scripts/safety/README.md);
// it is a developer tool, not part of the package.
//
//   node scripts/safety/verify-in-bash.mjs [--tty] [--project] 'rm -rf /{u..u}sr'   one command, JSON report
//        (--tty: on a pseudo-terminal, so pagers and editors start; --project: in a git repository
//        that has its own Makefile, package.json and scripts)
//   node scripts/safety/verify-in-bash.mjs --cases test/safety/cases/brace-cases.jsonl
//        every case: a strict "block" must reach a dangerous action, a strict "allow" must not
//        (a case whose why starts with "[opaque]" is blocked because the gate cannot see the code it
//        runs, so it is only reported, not checked; with "verify": {"runsWritten": true} it must at
//        least be seen to run a file it wrote). A case's "verify": {"tty", "project"} are the options
//        above. Exits 1 on any disagreement.
//
// What the sandbox is: the host's root bound read-only, fresh tmpfs over /tmp, /root (the home, with
// sentinel start-up files and keys) and /run, every namespace unshared (no network), killed with its
// parent and after a time limit. Inside, `strace -f` records every execve and every syscall that
// deletes, renames, truncates, opens for writing or changes the mode/owner of a path, so deletion,
// device writes and permission changes are seen whatever program makes them (rm, find, python, perl…),
// and a read-only root means none of them succeeds. Programs that must not run even there (privilege,
// formatters, power, accounts, schedulers) are replaced by one logging stand-in; a scheduler's payload
// (crontab/at/batch input, systemd-run's command) is run again in a fresh sandbox and judged the same way.
import { spawn, spawnSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";

const TIME_LIMIT_MS = 8000;
const TRACE_LIMIT = 2_000_000;
const HOME = "/root";
const WORKDIR = "/tmp/work";
const PATH_VALUE = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

/** Programs replaced by the stand-in, by what running them means. */
const STAND_INS = {
  privilege: ["sudo", "su", "doas", "pkexec", "runuser", "sg", "newgrp"],
  mkfs: [
    "mkfs",
    "mke2fs",
    "mkswap",
    "mkdosfs",
    "mkntfs",
    "wipefs",
    "fdisk",
    "sfdisk",
    "cfdisk",
    "parted",
    "sgdisk",
    "blkdiscard",
    "mkfs.ext2",
    "mkfs.ext3",
    "mkfs.ext4",
    "mkfs.xfs",
    "mkfs.btrfs",
    "mkfs.vfat",
    "mkfs.fat",
    "mkfs.ntfs",
    "mkfs.minix",
    "mkfs.bfs",
    "mkfs.cramfs",
  ],
  power: ["shutdown", "reboot", "halt", "poweroff", "telinit", "init", "systemctl"],
  account: [
    "useradd",
    "userdel",
    "usermod",
    "passwd",
    "chpasswd",
    "chgpasswd",
    "groupadd",
    "groupdel",
    "adduser",
    "deluser",
    "visudo",
    "chsh",
    "chfn",
    "gpasswd",
    "newusers",
  ],
  persistence: ["crontab", "at", "batch", "systemd-run"],
  // Database clients hand back the statements they were given (argv, -f files, stdin); see DATABASE_DESTROYS.
  database: [
    "psql",
    "mysql",
    "mariadb",
    "mongosh",
    "mongo",
    "redis-cli",
    "valkey-cli",
    "dropdb",
    "dropuser",
    "mysqladmin",
    "clickhouse-client",
    "cqlsh",
  ],
  sysadmin: [
    "iptables",
    "ip6tables",
    "iptables-restore",
    "ip6tables-restore",
    "ebtables",
    "arptables",
    "ipset",
    "nft",
    "ufw",
    "firewall-cmd",
    "insmod",
    "modprobe",
    "rmmod",
    "setenforce",
    "aa-teardown",
    "aa-disable",
    "aa-complain",
    "apparmor_parser",
    "swapoff",
    "mount",
    "umount",
    "ip",
    "ifconfig",
    "ifdown",
    "nmcli",
    "service",
  ],
};
const KIND_OF = new Map(Object.entries(STAND_INS).flatMap(([kind, names]) => names.map((n) => [n, kind])));

/** Top-level directories whose contents belong to the system; / itself is protected too. */
const SYSTEM_DIRS = [
  "/bin",
  "/boot",
  "/dev",
  "/etc",
  "/home",
  "/lib",
  "/lib32",
  "/lib64",
  "/libx32",
  "/opt",
  "/proc",
  "/sbin",
  "/srv",
  "/sys",
  "/usr",
  "/var",
  "/snap",
  "/mnt",
  "/media",
];
/** Files created in the sandbox home; deleting, truncating or re-moding one of them means the home was hit. */
const HOME_SENTINELS = [
  ".profile",
  ".bashrc",
  ".ssh/id_ed25519",
  ".gnupg/pubring.kbx",
  ".config/gh/hosts.yml",
  ".bash_history",
];
/**
 * The home's start-up and trust files (relative to it): writing one, appending included, is persistence
 * (what runs in the user's next shell, login, ssh session or language start-up, or whom ssh trusts).
 */
const PERSISTENCE_FILES =
  /^(\.(bashrc|bash_profile|bash_login|bash_logout|profile|zshrc|zshenv|zprofile|zlogin|zlogout|xprofile|xinitrc|xsession|xsessionrc|npmrc|pam_environment|pythonrc)|\.ssh\/(config|authorized_keys2?|rc|environment)|\.config\/(systemd\/user|autostart|environment\.d|fish)\/.+|\.local\/lib\/python[^/]*\/site-packages\/([^/]+\.pth|sitecustomize\.py|usercustomize\.py)|Library\/LaunchAgents\/.+)$/;

/** Writable device and kernel paths every program uses, and caches programs keep for themselves (man's). */
const HARMLESS_WRITES =
  /^\/dev\/(null|zero|full|tty|ptmx|pts\/|stdout|stderr|stdin|fd\/|shm\/|random|urandom)|^\/proc\/(self|thread-self|\d+)\/(fd|attr|oom|comm|task)|^\/var\/cache\//;

const STUB = `#!/bin/sh
# Logging stand-in: strace records this script's execve; a scheduler's payload is handed back to the
# harness as the arguments of one more execve (of true), which strace records too.
name=\${0##*/}
payload=
case $name in
  crontab)
    file=
    for a in "$@"; do case $a in -l|-e|-i) exit 0 ;; -r|-r*|-*r) /usr/bin/true @@verify-payload@@ crontab @@removed@@; exit 0 ;; -u) ;; -*) ;; *) file=$a ;; esac; done
    if [ -z "$file" ] || [ "$file" = - ]; then payload=$(cat); else payload=$(cat -- "$file" 2>/dev/null); fi
    [ -n "$payload" ] || payload=@@empty@@ ;;
  at|batch)
    file=
    while [ $# -gt 0 ]; do case $1 in -l|-r|-d|-c) exit 0 ;; -f) file=$2; shift ;; esac; shift; done
    if [ -n "$file" ]; then payload=$(cat -- "$file" 2>/dev/null); else payload=$(cat); fi ;;
  psql|mysql|mariadb|mongosh|mongo|redis-cli|valkey-cli|dropdb|dropuser|mysqladmin|clickhouse-client|cqlsh)
    files=; prev=
    for a in "$@"; do case $prev in -f|--file|-i) files="$files
$(cat -- "$a" 2>/dev/null)" ;; esac; prev=$a; done
    payload="$*$files
$(cat)" ;;
  systemd-run)
    while [ $# -gt 0 ]; do
      case $1 in
        --) shift; break ;;
        -u|-p|-E|-M|-H|--unit|--property|--on-calendar|--on-active|--on-boot|--on-startup|--on-unit-active|\
        --on-unit-inactive|--timer-property|--path-property|--socket-property|--uid|--gid|--nice|--working-directory|\
        --setenv|--description|--slice|--service-type|--machine|--host) shift 2 ;;
        -*) shift ;;
        *) break ;;
      esac
    done
    for a in "$@"; do q=$(printf '%s' "$a" | sed "s/'/'\\\\''/g"); payload="$payload '$q'"; done ;;
esac
[ -n "$payload" ] && /usr/bin/true @@verify-payload@@ "$name" "$payload"
exit 0
`;

function protectedPath(file) {
  if (file === "/") return true;
  if (file === HOME) return true;
  if (HOME_SENTINELS.some((s) => file === `${HOME}/${s}` || `${HOME}/${s}`.startsWith(`${file}/`)))
    return true;
  return SYSTEM_DIRS.some((dir) => file === dir || file.startsWith(`${dir}/`));
}

/** Resolves a syscall's (dirfd, name) pair as strace -y prints it: `AT_FDCWD</tmp/work>`, `"x"`. */
/**
 * Symbolic links the traced command made (link path -> what it points to): strace shows the names a
 * program passed, and the kernel follows a link named in the middle of a path, or as its last
 * component when a file is opened or its mode changed (not when the link itself is removed).
 */
const madeLinks = new Map();

function throughMadeLinks(file, followLast) {
  let current = file;
  for (let hop = 0; hop < 8; hop++) {
    let next;
    for (const [link, target] of madeLinks) {
      if (current.startsWith(`${link}/`)) next = path.posix.join(target, current.slice(link.length + 1));
      else if (followLast && current === link) next = target;
      if (next !== undefined) break;
    }
    if (next === undefined) return current;
    current = path.posix.normalize(next);
  }
  return current;
}

function resolve(dirArg, nameArg, followLast = false) {
  const name = nameArg ?? "";
  if (name.startsWith("/")) return throughMadeLinks(path.posix.normalize(name), followLast);
  const dir = /<([^>]*)>/.exec(dirArg ?? "")?.[1] ?? WORKDIR;
  return throughMadeLinks(path.posix.normalize(path.posix.join(dir, name)), followLast);
}

function unquote(text) {
  try {
    return JSON.parse(text.replace(/\\x([0-9a-f]{2})/gi, "\\u00$1"));
  } catch {
    return text.replace(/^"|"$/g, "");
  }
}

/** Splits strace's argument text at top-level commas. */
function splitArgs(text) {
  const out = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === "\\") i++;
      else if (c === '"') quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === "[" || c === "{" || c === "(") depth++;
    else if (c === "]" || c === "}" || c === ")") depth--;
    else if (c === "," && depth === 0) {
      out.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(text.slice(start).trim());
  return out;
}

function argvOf(arrayText) {
  const inner = arrayText.replace(/^\[|\]$/g, "");
  return inner === "" ? [] : splitArgs(inner).map(unquote);
}

/** What a sysadmin stand-in's arguments mean: a change that breaks the machine or its access, or nothing. */
const ACCESS_UNITS =
  /^(sshd?|ssh\.socket|sshd?\.service|NetworkManager(\.service)?|networking(\.service)?|systemd-networkd(\.service)?|firewalld(\.service)?|ufw(\.service)?|apparmor(\.service)?|network-manager)$/;
function breaksMachine(name, args) {
  const text = args.join(" ");
  if (args.some((a) => /^(-h|--help|help)$/.test(a))) return false;
  switch (name) {
    case "iptables":
    case "ip6tables":
    case "ebtables":
    case "arptables":
      return args.some(
        (a) => /^(-F|--flush|-X|--delete-chain|-P|--policy)$/.test(a) || /^-[a-zA-Z]*F/.test(a),
      );
    case "iptables-restore":
    case "ip6tables-restore":
      return true;
    case "ipset":
      return /^(flush|destroy|-F|-X)$/.test(args[0] ?? "");
    case "nft":
      return /\b(flush|delete)\b/.test(text);
    case "ufw":
      return /\b(disable|reset)\b/.test(text);
    case "firewall-cmd":
      return /--panic-on/.test(text);
    case "insmod":
    case "rmmod":
      return args.length > 0;
    case "modprobe":
      return (
        args.length > 0 && !args.some((a) => /^(-n|--dry-run|-c|--showconfig|--show-depends|-D)$/.test(a))
      );
    case "setenforce":
      return /^(0|permissive)$/i.test(args[0] ?? "");
    case "aa-teardown":
      return true;
    case "aa-disable":
    case "aa-complain":
      return args.length > 0;
    case "apparmor_parser":
      return args.some((a) => /^(-R|--remove)$/.test(a));
    case "swapoff":
      return args.length > 0;
    case "mount":
      return /remount/.test(text) && /(^|[,\s])ro([,\s]|$)/.test(text);
    case "umount":
      return args.some((a) => /^(\/|\/usr|\/boot|\/var|\/etc|-a|--all)$/.test(a));
    case "ip":
      return (
        /\blink set\b.*\bdown\b/.test(text) ||
        /\b(addr|address|route) flush\b/.test(text) ||
        /\broute del(ete)? default\b/.test(text)
      );
    case "ifconfig":
      return args.at(-1) === "down";
    case "ifdown":
      return args.length > 0;
    case "nmcli":
      return /\b(networking off|radio all off|device disconnect|dev disconnect|con(nection)? down)\b/.test(
        text,
      );
    case "service":
      return ACCESS_UNITS.test(args[0] ?? "") && /^(stop)$/.test(args[1] ?? "");
    default:
      return false;
  }
}

const POWER_VERBS =
  /^(poweroff|reboot|halt|kexec|emergency|rescue|isolate|suspend|hibernate|hybrid-sleep|default|exit|soft-reboot)$/;

/** One dangerous action, or undefined, for one stand-in run. */
function standInAction(name, argv) {
  const kind = KIND_OF.get(name);
  if (kind === undefined) return undefined;
  const args = argv.slice(1);
  if (name === "systemctl") {
    const verbs = args.filter((a) => !a.startsWith("-"));
    if (/^(stop|disable|mask|kill)$/.test(verbs[0] ?? "") && verbs.slice(1).some((u) => ACCESS_UNITS.test(u)))
      return { kind: "sysadmin", detail: argv.join(" ") };
  }
  if (kind === "power" && (name === "systemctl" || name === "init" || name === "telinit")) {
    if (name === "systemctl" && !args.some((a) => POWER_VERBS.test(a))) return undefined;
    if (name !== "systemctl" && !args.some((a) => /^[06sS]$/.test(a))) return undefined;
  }
  if (args.some((a) => a === "--help" || a === "--version" || a === "-V")) return undefined;
  // What the programs' manuals say changes nothing: a cancelled schedule, a list of shells, and a
  // formatter given only regular files (an image file; block devices live under /dev).
  if (
    name === "systemctl" &&
    args.some((a, i) => a === "--when=cancel" || (a === "--when" && args[i + 1] === "cancel"))
  )
    return undefined;
  if (name === "chsh" && args.every((a) => a === "-l" || a === "--list-shells")) return undefined;
  if (kind === "mkfs" && !args.some((a) => a.startsWith("/dev/")) && args.some((a) => !a.startsWith("-")))
    return undefined;
  if (kind === "persistence" || kind === "database") return undefined; // judged by its payload
  if (kind === "sysadmin") return breaksMachine(name, args) ? { kind, detail: argv.join(" ") } : undefined;
  return { kind, detail: argv.join(" ") };
}

const DELETE_CALLS = new Set(["unlink", "unlinkat", "rmdir", "rename", "renameat", "renameat2"]);
const LINK_CALLS = new Set(["symlink", "symlinkat", "link", "linkat"]);

function persistenceFile(target) {
  return target.startsWith(`${HOME}/`) && PERSISTENCE_FILES.test(target.slice(HOME.length + 1));
}
const MODE_CALLS = new Set(["chmod", "fchmodat", "chown", "fchownat", "lchown", "truncate"]);
const OPEN_CALLS = new Set(["open", "openat", "creat"]);

/**
 * Programs that read a file as code, a recipe or configuration (for `ranWritten`): a file the command
 * wrote and one of these then opened (or that was executed itself) was run, not just read as data.
 */
const CODE_READERS =
  /^(bash|sh|dash|zsh|ksh|busybox|python\d*(\.\d+)*|perl|ruby\d*(\.\d+)*|node|php\d*(\.\d+)*|lua\d*(\.\d+)*|make|gmake|cmake|ninja|git|ssh|scp|sftp|tmux|screen|vim?|vim\.\w+|nvim|ex|awk|gawk|mawk|sed|m4|tclsh\d*(\.\d+)*|expect|npm|npx|gdb|sqlite3|less|env|run-parts|crontab|at)$/;

/** Reads strace's log: dangerous actions, scheduler payloads, and files the command wrote and then ran. */
function analyseTrace(text) {
  madeLinks.clear();
  const actions = [];
  const payloads = [];
  const written = new Set();
  const ranWritten = [];
  const programOf = new Map();
  for (const line of text.split("\n")) {
    const m = /^(?:\[pid\s+(\d+)\]\s*|(\d+)\s+)?([a-z0-9_]+)\((.*)$/.exec(line);
    if (!m) continue;
    const pid = m[1] ?? m[2] ?? "";
    const call = m[3];
    const body = m[4].replace(/\)\s+=\s+.*$|\s*<unfinished \.\.\.>$/, "");
    const args = splitArgs(body);
    if (call === "execve") {
      if (/=\s+-1 /.test(line)) continue;
      const file = unquote(args[0]);
      const argv = argvOf(args[1] ?? "[]");
      programOf.set(pid, path.posix.basename(file));
      const executed = resolve(undefined, file);
      if (written.has(executed)) ranWritten.push({ program: executed, file: executed });
      if (argv[0] === "/usr/bin/true" && argv[1] === "@@verify-payload@@") {
        payloads.push({ scheduler: argv[2], text: argv[3] ?? "" });
        continue;
      }
      const action = standInAction(path.posix.basename(file), argv);
      if (action) actions.push(action);
    } else if (LINK_CALLS.has(call)) {
      // The new name is what changes: a link made over a system or start-up file replaces it.
      const target =
        call === "symlinkat"
          ? resolve(args[1], unquote(args[2]))
          : call === "linkat"
            ? resolve(args[2], unquote(args[3]))
            : resolve(undefined, unquote(args[1]));
      if (persistenceFile(target)) actions.push({ kind: "persistence", detail: `${call} ${target}` });
      else if (protectedPath(target)) actions.push({ kind: "write", detail: `${call} ${target}` });
      if (call.startsWith("symlink") && /=\s+0/.test(line)) {
        const pointsTo = unquote(args[0]);
        madeLinks.set(
          target,
          pointsTo.startsWith("/") ? pointsTo : path.posix.join(path.posix.dirname(target), pointsTo),
        );
      }
    } else if (DELETE_CALLS.has(call)) {
      if (call.startsWith("rename")) {
        const renamed =
          call === "rename" ? resolve(undefined, unquote(args[1])) : resolve(args[2], unquote(args[3]));
        if (persistenceFile(renamed)) actions.push({ kind: "persistence", detail: `${call} ${renamed}` });
        // A file renamed over a protected one replaces it (bash rewrites its history file that way).
        else if (protectedPath(renamed) && /=\s+0/.test(line))
          actions.push({ kind: "write", detail: `${call} over ${renamed}` });
      }
      const target =
        call === "unlinkat" || call.startsWith("renameat")
          ? resolve(args[0], unquote(args[1]))
          : resolve(undefined, unquote(args[0]));
      if (protectedPath(target)) actions.push({ kind: "delete", detail: `${call} ${target}` });
      // A file written as `x.lock` and renamed into place (git config, npm pkg set) was written.
      if (call.startsWith("rename") && /=\s+0/.test(line)) {
        const destination =
          call === "rename" ? resolve(undefined, unquote(args[1])) : resolve(args[2], unquote(args[3]));
        if (written.has(target)) written.add(destination);
      }
    } else if (call === "ftruncate" && /=\s+0/.test(line)) {
      // strace -y names the descriptor's file: `3</root/.bash_history>` (`truncate -s 0 FILE` opens, then cuts).
      const target = /^\d+<([^>]*)>/.exec(args[0] ?? "")?.[1];
      if (target && protectedPath(target)) actions.push({ kind: "write", detail: `ftruncate ${target}` });
    } else if (MODE_CALLS.has(call)) {
      const target = call.endsWith("at")
        ? resolve(args[0], unquote(args[1]), true)
        : resolve(undefined, unquote(args[0]), true);
      // A terminal multiplexer taking ownership of its own pseudo-terminal is not a permission change.
      if (protectedPath(target) && !/^\/dev\/pts\//.test(target))
        actions.push({ kind: call === "truncate" ? "write" : "permissions", detail: `${call} ${target}` });
    } else if (OPEN_CALLS.has(call)) {
      const target =
        call === "openat"
          ? resolve(args[0], unquote(args[1]), true)
          : resolve(undefined, unquote(args[0]), true);
      const flags = call === "openat" ? (args[2] ?? "") : (args[1] ?? "");
      const writes = call === "creat" || /O_WRONLY|O_RDWR|O_TRUNC|O_CREAT/.test(flags);
      if (!writes && written.has(target) && /=\s+\d/.test(line)) {
        const program = programOf.get(pid) ?? "bash";
        if (CODE_READERS.test(program) && !ranWritten.some((r) => r.file === target && r.program === program))
          ranWritten.push({ program, file: target });
      }
      if (writes && !HARMLESS_WRITES.test(target) && /=\s+\d/.test(line)) written.add(target);
      if (!writes || HARMLESS_WRITES.test(target)) continue;
      if (persistenceFile(target)) {
        actions.push({ kind: "persistence", detail: `${call} ${target} ${flags}` });
        continue;
      }
      const appendOnlyHome = target.startsWith(`${HOME}/`) && !/O_TRUNC/.test(flags);
      if (protectedPath(target) && !appendOnlyHome)
        actions.push({ kind: "write", detail: `${call} ${target} ${flags}` });
    }
  }
  return { actions: actions.slice(0, 20), payloads, ranWritten: ranWritten.slice(0, 20) };
}

/**
 * What the database clients' manuals say destroys stored data: SQL DROP of a database, schema,
 * table or account, TRUNCATE, DELETE or UPDATE without WHERE, ALTER TABLE … DROP; MongoDB's drop
 * methods and deleteMany/remove with an empty filter; Redis FLUSHALL/FLUSHDB; dropdb, dropuser and
 * mysqladmin drop with a name. Quoted SQL text is not a statement.
 */
function databaseDestroys(client, text) {
  if (/(^|\s)--help(\s|$)/.test(text.split("\n")[0])) return false;
  if (/^(dropdb|dropuser)$/.test(client)) return /(^|\s)[^-\s]/.test(text.split("\n")[0]);
  if (client === "mysqladmin") return /(^|\s)drop\s+\S/i.test(text);
  // A short option with its statement glued on (`-eDROP …`) is the option, then the statement.
  const code = text.replace(/'(?:[^']|'')*'/g, "''").replace(/(^|\s)-[a-zA-Z](?=[A-Za-z])/g, "$1");
  return (
    /\bdrop\s+(database|schema|table|keyspace|user|role)\b|\btruncate\b|\bdelete\s+from\s+\S+\s*(;|$)|\bupdate\s+\S+\s+set\b(?![^;]*\bwhere\b)|\balter\s+table\s+\S+\s+drop\b/im.test(
      code,
    ) ||
    /\.(dropDatabase|drop)\(|\.(deleteMany|remove)\(\s*(\{\s*\})?\s*\)/.test(text) ||
    /(^|\s)(flushall|flushdb)(\s|$)/im.test(text)
  );
}

/** Commands a scheduler would run later, from its payload. */
function scheduledCommands(payload) {
  if (payload.scheduler === "crontab") {
    return payload.text
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l !== "" && !l.startsWith("#") && !/^[A-Za-z_][A-Za-z0-9_]*\s*=/.test(l))
      .map((l) => (l.startsWith("@") ? l.replace(/^@\S+\s+/, "") : l.split(/\s+/).slice(5).join(" ")));
  }
  return [payload.text];
}

let fixture;
/** The host-side files bound into every sandbox: the stand-in script and its stub directory. */
function prepareFixture() {
  if (fixture) return fixture;
  const root = mkdtempSync(path.join(os.tmpdir(), "verify-in-bash-"));
  const stub = path.join(root, "stand-in");
  writeFileSync(stub, STUB);
  chmodSync(stub, 0o755);
  const stubs = path.join(root, "stubs");
  mkdirSync(stubs);
  // A symlinked program (reboot -> systemctl) is covered by binding over its real file.
  const targets = new Set();
  for (const name of KIND_OF.keys()) {
    for (const dir of ["/usr/bin", "/usr/sbin"]) {
      if (existsSync(`${dir}/${name}`)) targets.add(realpathSync(`${dir}/${name}`));
    }
    // Programs this host lacks are found in /usr/local/sbin (empty on this host), first on every default PATH.
    writeFileSync(path.join(stubs, name), STUB);
    chmodSync(path.join(stubs, name), 0o755);
  }
  const binds = [...targets].flatMap((target) => ["--ro-bind", stub, target]);
  process.on("exit", () => rmSync(root, { recursive: true, force: true }));
  fixture = { stubs, binds };
  return fixture;
}

const SETUP = [
  `mkdir -p ${WORKDIR}/src ${HOME}/.ssh ${HOME}/.gnupg ${HOME}/.config/gh`,
  `for f in ${HOME_SENTINELS.join(" ")}; do echo sentinel > ${HOME}/$f; done`,
  `printf 'a\\nb\\n' > ${WORKDIR}/a.log; printf 'x\\n' > ${WORKDIR}/b.txt; echo 'int main(){}' > ${WORKDIR}/src/main.c`,
].join("; ");

/**
 * The user's next session, run (traced) only when the command changed what one reads: a start-up file
 * whose contents are no longer the sentinel's (an interactive shell that then runs two everyday
 * commands, so an alias trap fires; a login shell), or a desktop autostart entry or systemd user unit
 * (their `Exec…=` lines). Single quotes are avoided: this text sits inside a single-quoted script.
 */
const NEXT_SESSION = [
  "status=$?; cd ~ || exit $status; changed=",
  `for f in .bashrc .profile .bash_profile .bash_login .bash_logout; do [ -e "$f" ] && [ "$(cat "$f")" != sentinel ] && changed=1; done`,
  `if [ -n "$changed" ]; then printf "ls >/dev/null\\ncd .\\n" | HISTFILE= /bin/bash -i >/dev/null 2>&1; HISTFILE= /bin/bash -l </dev/null >/dev/null 2>&1; fi`,
  `for f in .config/autostart/*.desktop .config/systemd/user/*; do [ -f "$f" ] && sed -n "s/^Exec[A-Za-z]*=[-@:+!]*//p" "$f" | /bin/sh >/dev/null 2>&1; done`,
  "exit $status",
].join("; ");

const STRACE_CALLS =
  "execve,unlink,unlinkat,rmdir,rename,renameat,renameat2,symlink,symlinkat,link,linkat,chmod,fchmodat,chown,fchownat,lchown,truncate,ftruncate,open,openat,creat";

/**
 * A project the command may run in (a case's `verify.project`): a git repository with one commit and the
 * repository's own Makefile, package.json and scripts, all benign. Files that exist before the command are
 * the repository's own, which the gate does not read: running them must stay harmless here.
 */
const PROJECT = [
  `printf 'all:\\n\\t@echo built\\ntest:\\n\\t@echo tested\\nclean:\\n\\trm -rf build\\n' > Makefile`,
  `printf '{"name":"fixture","version":"1.0.0","scripts":{"test":"echo tested","build":"echo built","start":"echo started"}}\\n' > package.json`,
  `printf 'echo ran\\n' > run.sh; printf 'print(42)\\n' > app.py; printf 'console.log(42)\\n' > app.js; mkdir -p build`,
  "git init -q . && git add -A && git -c user.name=fixture -c user.email=fixture@example.com commit -qm fixture",
].join("; ");

/** The command on a pseudo-terminal: `script` runs it, without its own variable, in bash. */
const TTY_RUN = 'VC=$1 script -qefc "env -u VC /bin/bash -c \\"\\$VC\\"" /dev/null';

/**
 * Runs one command in a fresh sandbox; resolves to { actions, payloads, ranWritten, exit, timedOut }.
 * `tty`: the command's terminal is a pseudo-terminal (`script`), so pagers and editors act as they do
 * for a person; `project`: it runs in the PROJECT fixture.
 */
function runOnce(command, { tty = false, project = false } = {}) {
  const { stubs, binds } = prepareFixture();
  const args = [
    "--ro-bind",
    "/",
    "/",
    "--dev",
    "/dev",
    "--proc",
    "/proc",
    "--tmpfs",
    "/tmp",
    "--tmpfs",
    HOME,
    "--tmpfs",
    "/run",
    "--ro-bind",
    stubs,
    "/usr/local/sbin",
    ...binds,
    "--unshare-all",
    "--die-with-parent",
    "--new-session",
    "--chdir",
    "/",
    "/bin/sh",
    "-c",
    // Set-up runs untraced; the traced shell gets fd 3 (strace's log pipe) closed, so the command cannot touch it.
    `${SETUP}; cd ${WORKDIR} && ${project ? `{ ${PROJECT}; } >/dev/null 2>&1 &&` : ""} exec strace -f -qq -y -s 65535 -e signal=none -e trace=${STRACE_CALLS} -o "|cat >&3" /bin/bash --norc --noprofile -c 'for n in /proc/$$/fd/*; do n=\${n##*/}; ((n > 2)) && eval "exec $n>&-"; done; ${tty ? TTY_RUN : '/bin/bash -c "$1"'} </dev/null; ${NEXT_SESSION}' sh "$0"`,
    command,
  ];
  const env = {
    PATH: PATH_VALUE,
    HOME,
    USER: "root",
    LOGNAME: "root",
    SHELL: "/bin/bash",
    TERM: "dumb",
    LANG: "C.UTF-8",
  };
  return new Promise((resolvePromise) => {
    const child = spawn("/usr/bin/bwrap", args, { env, stdio: ["ignore", "pipe", "pipe", "pipe"] });
    let trace = "";
    let stdout = "";
    let stderr = "";
    // A recursive delete of a system tree is already decided after its first records; stop it early.
    child.stdio[3].on("data", (d) => {
      trace += d;
      if (trace.length > TRACE_LIMIT) child.kill("SIGKILL");
    });
    child.stdout.on("data", (d) => {
      if (stdout.length < 4000) stdout += d;
    });
    child.stderr.on("data", (d) => {
      if (stderr.length < 4000) stderr += d;
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, TIME_LIMIT_MS);
    child.on("close", (code) => {
      clearTimeout(timer);
      if (/^bwrap: /m.test(stderr)) throw new Error(`the sandbox did not start: ${stderr.trim()}`);
      resolvePromise({ ...analyseTrace(trace), exit: code, timedOut, stdout, stderr });
    });
  });
}

/**
 * Judges a command: its own dangerous actions plus those of anything it scheduled (one level), and the
 * files it wrote and then ran. `options` as runOnce's (`tty`, `project`).
 */
export async function verify(command, options = {}, depth = 0) {
  const run = await runOnce(command, options);
  const actions = [...run.actions];
  const scheduled = [];
  if (depth === 0) {
    for (const payload of run.payloads) {
      // Removing the crontab, or installing an empty one over it, loses every scheduled job.
      if (payload.scheduler === "crontab" && /^@@(removed|empty)@@$/.test(payload.text)) {
        actions.push({ kind: "schedule", detail: `crontab ${payload.text.replaceAll("@", "")}` });
        continue;
      }
      if (KIND_OF.get(payload.scheduler) === "database") {
        if (databaseDestroys(payload.scheduler, payload.text))
          actions.push({
            kind: "database",
            detail: `${payload.scheduler}: ${payload.text.trim().slice(0, 80)}`,
          });
        continue;
      }
      for (const later of scheduledCommands(payload)) {
        const inner = await verify(later, {}, depth + 1);
        scheduled.push({ scheduler: payload.scheduler, command: later, dangerous: inner.dangerous });
        for (const a of inner.actions)
          actions.push({ kind: `${payload.scheduler}:${a.kind}`, detail: a.detail });
      }
    }
  }
  return {
    command,
    dangerous: actions.length > 0,
    actions,
    scheduled,
    ranWritten: run.ranWritten,
    exit: run.exit,
    timedOut: run.timedOut,
    stdout: run.stdout,
    stderr: run.stderr,
  };
}

async function checkCases(file) {
  const cases = readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l));
  let failures = 0;
  const queue = [...cases];
  const workers = Array.from({ length: 2 }, async () => {
    while (queue.length > 0) {
      const item = queue.shift();
      const options = item.verify ?? {};
      const result = await verify(item.command, options);
      const wantDanger = item.expect.strict === "block";
      const opaque = /^\[opaque\]/.test(item.why ?? "");
      // An opaque write-then-run case must at least be seen to run a file it wrote.
      const ok = opaque
        ? !options.runsWritten || result.ranWritten.length > 0
        : result.dangerous === wantDanger;
      if (!ok) failures++;
      const tag = !ok ? "MISMATCH" : opaque ? "opaque" : "ok";
      const ran = result.ranWritten.map((r) => `ran written ${r.file} (${r.program})`);
      const seen =
        [...result.actions.map((a) => `${a.kind}: ${a.detail}`), ...(opaque ? ran : [])].join("; ") ||
        "nothing dangerous";
      console.log(
        `${tag.padEnd(8)} ${item.expect.strict.padEnd(5)} ${JSON.stringify(item.command)} -> ${seen.slice(0, 300)}${result.timedOut ? " (timed out)" : ""}`,
      );
    }
  });
  await Promise.all(workers);
  console.log(`${cases.length} cases, ${failures} disagree with real bash`);
  return failures === 0;
}

async function main() {
  const argv = process.argv.slice(2);
  if (spawnSync("/usr/bin/bwrap", ["--version"]).status !== 0) {
    console.error(
      "bubblewrap (/usr/bin/bwrap) is needed: the harness never runs a case outside its sandbox.",
    );
    process.exit(2);
  }
  if (argv[0] === "--cases") {
    let ok = true;
    for (const file of argv.slice(1)) ok = (await checkCases(file)) && ok;
    process.exit(ok ? 0 : 1);
  }
  const options = {};
  while (argv[0] === "--tty" || argv[0] === "--project") options[argv.shift().slice(2)] = true;
  if (argv.length !== 1) {
    console.error("usage: verify-in-bash.mjs [--tty] [--project] 'COMMAND' | --cases FILE.jsonl…");
    process.exit(2);
  }
  const result = await verify(argv[0], options);
  console.log(JSON.stringify(result, null, 2));
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
