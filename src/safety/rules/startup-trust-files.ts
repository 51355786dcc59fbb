import { HOME_PATH } from "../extract/expanded-word.js";
import { resolveIn } from "../extract/paths.js";
import type { Scope } from "../extract/scope.js";

/**
 * The user's start-up and trust files: what the next shell, login, ssh session, desktop session or
 * language runtime reads and runs on its own, and whom ssh lets in. Writing one (appending included)
 * is persistence: it keeps running after the command ends, unasked. Reading, copying one out, and a
 * project file that happens to share the name are not. `~/.ssh/known_hosts` is not here: adding a host
 * key lets ssh connect without a prompt, it runs nothing and lets nobody in.
 */
export type StartupKind =
  | "shell start-up file"
  | "ssh configuration or authorized keys"
  | "language start-up hook"
  | "user service unit"
  | "desktop autostart entry"
  | "tool configuration that runs commands"
  | "system-wide start-up, service or scheduled-job file"
  | "program that shadows an installed command";

const KINDS: readonly (readonly [RegExp, StartupKind])[] = [
  [
    /^(\.bashrc|\.bash_profile|\.bash_login|\.bash_logout|\.bash_aliases|\.profile|\.zshrc|\.zshenv|\.zprofile|\.zlogin|\.zlogout|\.kshrc|\.mkshrc|\.cshrc|\.tcshrc|\.login|\.pam_environment|\.bashrc\.d\/.+|\.zshrc\.d\/.+|\.oh-my-zsh\/custom\/.+|\.config\/fish\/(config\.fish|conf\.d\/.+|functions\/.+)|\.config\/environment\.d\/.+)$/,
    "shell start-up file",
  ],
  [
    /^\.ssh\/(config|config\.d\/.+|authorized_keys2?|rc|environment)$/,
    "ssh configuration or authorized keys",
  ],
  [
    /^(\.local\/lib\/python[^/]*\/site-packages\/([^/]+\.pth|sitecustomize\.py|usercustomize\.py)|Library\/Python\/[^/]+\/lib\/python\/site-packages\/([^/]+\.pth|sitecustomize\.py|usercustomize\.py)|\.pythonrc(\.py)?|\.pythonstartup|\.node_modules\/.+|\.node_libraries\/.+|\.npmrc|\.yarnrc|\.yarnrc\.yml|\.bunfig\.toml|\.irbrc|\.pryrc|\.Rprofile|\.psqlrc|\.sqliterc|\.perldb|\.cargo\/config(\.toml)?)$/,
    "language start-up hook",
  ],
  [/^(\.config\/systemd\/user|\.local\/share\/systemd\/user)\/.+$/, "user service unit"],
  [
    /^(\.config\/autostart\/.+|\.config\/autostart-scripts\/.+|\.config\/plasma-workspace\/(env|shutdown)\/.+|Library\/LaunchAgents\/.+|\.xprofile|\.xinitrc|\.xsession|\.xsessionrc)$/,
    "desktop autostart entry",
  ],
  [
    /^(\.gitconfig|\.config\/git\/config|\.vimrc|\.exrc|\.config\/nvim\/init\.(vim|lua)|\.tmux\.conf|\.config\/tmux\/tmux\.conf|\.screenrc|\.gdbinit|\.config\/gdb\/gdbinit|\.emacs|\.emacs\.el|\.emacs\.d\/(init|early-init)\.el|\.config\/emacs\/(init|early-init)\.el|\.mailcap|\.wgetrc|\.curlrc|\.inputrc)$/,
    "tool configuration that runs commands",
  ],
];

/**
 * The same powers machine-wide: what every login, boot, service start, scheduled minute, dynamic
 * link or package-manager run reads and runs (crontab(5), systemd.unit(5), ld.so(8), profile files,
 * udev RUN+=, APT hooks, update-motd, XDG autostart, launchd). Appending is as good as replacing.
 */
const SYSTEM_STARTUP =
  /^(\/etc\/(crontab|anacrontab|cron\.(d|hourly|daily|weekly|monthly)\/.+|systemd\/(system|user)\/.+|init\.d\/.+|init\/.+\.conf|rc\.local|rc\d\.d\/.+|profile|profile\.d\/.+|bash\.bashrc|bashrc|zshrc|zshenv|zprofile|zlogin|zsh\/.+|csh\.cshrc|csh\.login|environment|security\/pam_env\.conf|ld\.so\.preload|ld\.so\.conf(\.d\/.+)?|update-motd\.d\/.+|xdg\/autostart\/.+|X11\/Xsession\.d\/.+|apt\/apt\.conf\.d\/.+|udev\/rules\.d\/.+|NetworkManager\/dispatcher\.d\/.+|modprobe\.d\/.+|pam\.d\/.+)|\/var\/spool\/(cron|anacron|at|atjobs)\/.+|\/(usr\/)?lib\/systemd\/(system|user)\/.+|\/Library\/(LaunchDaemons|LaunchAgents)\/.+)$/;

/** Python reads every `.pth` (and the customize modules) of a site directory at each start-up. */
const SITE_HOOK =
  /\/lib(64)?\/python[^/]*\/(site|dist)-packages\/([^/]+\.pth|sitecustomize\.py|usercustomize\.py)$/;

/** The user's own program directories, searched before the system's in the usual PATH. */
const USER_BIN = /^(\.local\/bin|bin|\.bin)\/([^/]+)$/;
/**
 * Commands typed by habit or handed secrets: a program of that name in a user bin directory runs
 * instead of the installed one in every later shell. Tools people install or link there
 * themselves (kubectl, helm, node, a `python` link to python3) are not among them.
 */
const SHADOWED =
  /^(sudo|su|doas|ssh|scp|sftp|git|ls|cat|cp|mv|rm|cd|sh|bash|zsh|dash|env|ps|passwd|gpg|gpg2|id|whoami|which|grep|find|less|man|apt|apt-get|systemctl|docker)$/;

/** Directories whose every entry is one of those files (`cp x.desktop ~/.config/autostart/`). */
const DIRECTORIES: readonly (readonly [RegExp, StartupKind])[] = [
  [
    /^(\.bashrc\.d|\.zshrc\.d|\.config\/fish\/(conf\.d|functions)|\.config\/environment\.d)$/,
    "shell start-up file",
  ],
  [/^\.ssh\/config\.d$/, "ssh configuration or authorized keys"],
  [/^(\.local\/lib\/python[^/]*\/site-packages|\.node_modules|\.node_libraries)$/, "language start-up hook"],
  [/^(\.config\/systemd\/user(\/[^/]+\.wants)?|\.local\/share\/systemd\/user)$/, "user service unit"],
  [/^(\.config\/autostart|\.config\/autostart-scripts|Library\/LaunchAgents)$/, "desktop autostart entry"],
];

/** Environment variables that name a start-up file (`PYTHONSTARTUP=~/.startup.py`). */
const NAMING_VARIABLES = ["PYTHONSTARTUP", "BASH_ENV", "ENV"] as const;

/** The part of a resolved path below a home: the user's own, root's, or another user's. */
function belowHome(resolved: string): string | undefined {
  if (resolved.startsWith(`${HOME_PATH}/`)) return resolved.slice(HOME_PATH.length + 1);
  const match = /^\/(?:root|(?:home|Users)\/[^/\uE000-\uE006]+)\/(.+)$/.exec(resolved);
  return match?.[1];
}

/**
 * What kind of start-up or trust file `resolved` is (or a directory whose entries all are, when
 * `directory` may be meant: the target of cp/mv/install), or undefined.
 */
export function startupKindOf(resolved: string, scope: Scope): StartupKind | undefined {
  if (SYSTEM_STARTUP.test(resolved)) return "system-wide start-up, service or scheduled-job file";
  if (SITE_HOOK.test(resolved)) return "language start-up hook";
  const relative = belowHome(resolved);
  if (relative !== undefined) {
    for (const [pattern, kind] of KINDS) if (pattern.test(relative)) return kind;
    const bin = USER_BIN.exec(relative);
    if (bin && SHADOWED.test(bin[2]!)) return "program that shadows an installed command";
    for (const [pattern, kind] of DIRECTORIES) if (pattern.test(relative.replace(/\/+$/, ""))) return kind;
  }
  for (const name of NAMING_VARIABLES) {
    const value = scope.variables.get(name);
    if (value === undefined || value === "") continue;
    if (resolveIn(value, scope) === resolved)
      return name === "PYTHONSTARTUP" ? "language start-up hook" : "shell start-up file";
  }
  return undefined;
}

const RULE_OF: Record<StartupKind, string> = {
  "shell start-up file": "persistence.shell-startup",
  "ssh configuration or authorized keys": "persistence.ssh",
  "language start-up hook": "persistence.language-hook",
  "user service unit": "persistence.user-service",
  "desktop autostart entry": "persistence.autostart",
  "tool configuration that runs commands": "persistence.tool-config",
  "system-wide start-up, service or scheduled-job file": "persistence.system",
  "program that shadows an installed command": "persistence.shadowed-command",
};

/** A `.pth` or customize module written where the directory is only known at run time (`"$d/x.pth"`). */
export function isComputedSiteHook(value: string): boolean {
  return (
    /(^|\/)([^/]+\.pth|sitecustomize\.py|usercustomize\.py)$/.test(value) &&
    /[\uE001\uE002\uE006]/.test(value)
  );
}

export function persistenceRuleOf(kind: StartupKind): string {
  return RULE_OF[kind];
}
