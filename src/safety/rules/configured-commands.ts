import type { ExpandedWord } from "../extract/expanded-word.js";
import type { RuleHit } from "../finding.js";
import { gitConfigAssignment, gitSubcommandIndex } from "../runners/git.js";
import { gitKeyKind } from "../runners/git-keys.js";
import type { Rule } from "./rule.js";

/**
 * A setting that makes every later call of a tool run a program (git's `core.pager`, `core.fsmonitor`,
 * `credential.helper`, `gpg.program`; npm's `script-shell`) is persistence when the program it names
 * is not an installed one: a path in a temporary, hidden or project directory keeps running on the
 * user's later calls, unasked, after this command ends. Installed programs by name or under the
 * system prefixes (`code --wait`, `less -R`, `/usr/bin/gpg`) are ordinary set-up and pass. A config
 * file pulled in from outside the repository (`include.path`, `core.hooksPath` at user scope) hands
 * the same power to that file, and a crontab installed from a file or stdin schedules jobs.
 */

const SYSTEM_PROGRAM = /^\/(usr|bin|sbin|opt|snap|nix|Applications|Library|System)\//;

/** Whether a program word names a path outside the installed prefixes (`/tmp/x`, `./x`, `~/.x/y`). */
function uninstalledPath(word: string): boolean {
  if (!/^(\/|\.\.?\/|~\/|\$HOME\/|\$\{HOME\}\/)/.test(word)) return false;
  return !SYSTEM_PROGRAM.test(word);
}

/**
 * The first program the configured text runs that is not an installed one: the command word of each
 * simple command in it (after assignments; the `-c` text of a shell), not its arguments or files.
 */
export function uninstalledProgram(text: string): string | undefined {
  for (const segment of text.replace(/["']/g, " ").split(/[;&|()`\n]+/)) {
    const words = segment.trim().replace(/^!/, "").split(/\s+/).filter(Boolean);
    let at = words.findIndex((word) => !/^[A-Za-z_]\w*=/.test(word));
    if (at === -1) continue;
    const shell = /(^|\/)(sh|bash|dash|zsh)$/.test(words[at]!);
    if (shell && words[at + 1] === "-c" && words[at + 2] !== undefined) at += 2;
    if (uninstalledPath(words[at]!)) return words[at];
  }
  return undefined;
}

function persistenceHit(what: string): RuleHit {
  return {
    rule: "persistence.configured-command",
    severity: "dangerous",
    reason: `${what}, so it keeps running on the user's later calls after this command ends (persistence), which this profile does not allow; show the user the setting instead.`,
  };
}

const NPM_COMMAND_KEYS = new Set(["script-shell", "shell", "editor", "browser", "git", "viewer"]);

function gitConfigHit(args: readonly ExpandedWord[]): RuleHit | undefined {
  const values = args.map((word) => word.value);
  const at = gitSubcommandIndex(values);
  if (at === -1 || values[at] !== "config") return undefined;
  const setting = gitConfigAssignment(values.slice(at + 1));
  if (setting === undefined) return undefined;
  const { key, value, userScope } = setting;
  const lower = key.toLowerCase();
  if (/^(include\.path|includeif\..+\.path)$/.test(lower) && (userScope || /^(\/|~)/.test(value)))
    return persistenceHit(`'git config ${key}' makes every git call read ${value} as configuration`);
  if (lower === "core.hookspath" && userScope && uninstalledPath(value))
    return persistenceHit(`'git config ${key}' makes every repository's git calls run hooks from ${value}`);
  if (gitKeyKind(lower) === undefined) return undefined;
  const program = uninstalledProgram(value);
  return program ? persistenceHit(`'git config ${key}' makes later git calls run ${program}`) : undefined;
}

function npmConfigHit(args: readonly ExpandedWord[]): RuleHit | undefined {
  const values = args.map((word) => word.value);
  const at = values.indexOf("config");
  if (at === -1 || values[at + 1] !== "set") return undefined;
  const [first, second] = values.slice(at + 2).filter((value) => !value.startsWith("-"));
  if (first === undefined) return undefined;
  const [key, value] = first.includes("=") ? first.split(/=(.*)/s, 2) : [first, second];
  if (key === undefined || value === undefined || !NPM_COMMAND_KEYS.has(key)) return undefined;
  const program = uninstalledProgram(value);
  return program
    ? persistenceHit(`'config set ${key}' makes later package scripts run ${program}`)
    : undefined;
}

export const configuredCommandRule: Rule = ({ name, args }) => {
  if (name === "git") return gitConfigHit(args);
  if (name === "npm" || name === "pnpm" || name === "yarn") return npmConfigHit(args);
  return undefined;
};
