import { type ExpandedWord, literalWord } from "../extract/expanded-word.js";
import { resolveIn, throughLinks } from "../extract/paths.js";
import type { Scope } from "../extract/scope.js";
import type { RuleHit } from "../finding.js";
import {
  describeProtection,
  isScratchDirectory,
  isSystemLog,
  isUserManagedDirectory,
  type Protection,
  protectionOf,
} from "./protected-paths.js";
import type { Rule, RuleInput } from "./rule.js";
import { systemFileHit, systemFileKind } from "./system-files.js";
import { historyWipeHit } from "./user-records.js";

function hit(protection: Protection, word: ExpandedWord, tool: string): RuleHit {
  const target = describeProtection(protection, word);
  if (protection === "credentials") {
    return {
      rule: "delete.credentials",
      severity: "dangerous",
      reason: `${tool} would destroy ${target}, which cannot be recovered from the project; leave them alone, or ask the user to rotate them.`,
    };
  }
  if (protection === "history") return historyWipeHit(`${tool} would delete ${target},`);
  if (protection === "system-subdirectory") {
    return {
      rule: "delete.system-subdirectory",
      severity: "dangerous",
      reason: `${tool} would delete ${target}, which belong to the operating system or installed software; remove packages with the package manager, or ask the user.`,
    };
  }
  if (protection === "home") {
    return {
      rule: "delete.home",
      severity: "dangerous",
      reason: `${tool} would recursively delete ${target}; name the exact subdirectory to remove instead (for example ~/project/build).`,
    };
  }
  return {
    rule: protection === "root" ? "delete.root" : "delete.system",
    severity: "catastrophic",
    reason: `${tool} would recursively delete ${target}, which no profile short of unrestricted allows; delete a specific project path instead.`,
  };
}

export function firstProtected(
  words: readonly ExpandedWord[],
  input: RuleInput,
  tool: string,
): RuleHit | undefined {
  let found: RuleHit | undefined;
  for (const word of words) {
    const protection = protectionOf(word, input.scope);
    if (!protection) continue;
    const candidate = hit(protection, word, tool);
    if (candidate.severity === "catastrophic") return candidate;
    found ??= candidate;
  }
  return found;
}

/** GNU rm refuses any operand whose last component is `.` or `..` (`rm -rf .`, `rm -rf foo/..`). */
function refusedByRm(word: ExpandedWord): boolean {
  return !word.glob && /(^|\/)\.\.?\/*$/.test(word.value);
}

function removeRule(input: RuleInput): RuleHit | undefined {
  let recursive = input.name === "rimraf" || input.invocation.treeOperands === true;
  const targets: ExpandedWord[] = [];
  let endOfOptions = false;
  for (const word of input.args) {
    const value = word.value;
    if (endOfOptions || !value.startsWith("-") || value === "-") targets.push(word);
    else if (value === "--") endOfOptions = true;
    else if (value === "--recursive") recursive = true;
    else if (!value.startsWith("--") && /[rR]/.test(value)) recursive = true;
  }
  const operands = input.name === "rm" ? targets.filter((word) => !refusedByRm(word)) : targets;
  if (recursive)
    return (
      firstProtected(operands, input, `'${input.name}'`) ??
      systemFileRemoved(operands, input, `'${input.name}'`) ??
      computedTreeHit(operands, `'${input.name}'`)
    );
  // Without -r only files go, but a key or token file is as gone as a directory would be.
  let kept: Protection | undefined;
  const credential = operands.find((word) => {
    kept = protectionOf(word, input.scope);
    return kept === "credentials" || kept === "history";
  });
  return credential && kept
    ? hit(kept, credential, `'${input.name}'`)
    : systemFileRemoved(operands, input, `'${input.name}'`);
}

/**
 * A quoted command substitution is one path the command prints at run time (`"$(getent passwd u |
 * cut -d: -f6)"`, `"$(cd ~/.. && pwd)"`): the gate cannot read which tree goes, and lookups like
 * these print the home or its parent. Strict and standard block it; `mktemp`'s fresh directory is
 * the one computed path a recursive delete is written for. Unquoted substitutions are lists of
 * names (`$(find . -name '*.pyc')`), judged as before.
 */
function computedTreeHit(words: readonly ExpandedWord[], tool: string): RuleHit | undefined {
  const computed = words.find((word) => {
    const whole = /^"(?:\$\(([\s\S]*)\)|`([\s\S]*)`)"$/.exec(word.source);
    if (!whole) return false;
    const inner = (whole[1] ?? whole[2] ?? "").trim();
    return !/^(mktemp|command mktemp)(\s|$)/.test(inner);
  });
  if (!computed) return undefined;
  return {
    rule: "delete.computed",
    severity: "dynamic",
    reason: `${tool} would recursively delete ${computed.source}, a path printed at run time that the gate cannot read; write the path out, or delete a specific project path.`,
  };
}

/** Removing (or moving away) an account, authentication, mount or boot file. */
function systemFileRemoved(
  words: readonly ExpandedWord[],
  input: RuleInput,
  tool: string,
): RuleHit | undefined {
  for (const word of words) {
    const kind = systemFileKind(word, input.scope);
    if (kind) return systemFileHit(kind, `${tool} removes ${word.source},`);
    // A glob under a log directory (`/var/log/journal/*`) names the logs as surely as a path does.
    const pattern = word.glob ? resolveIn(word.pattern, input.scope) : undefined;
    if (pattern !== undefined && isSystemLog(pattern))
      return historyWipeHit(`${tool} removes ${word.source}, system logs,`);
    const resolved = word.glob ? undefined : resolveIn(word.value, input.scope);
    if (resolved === undefined) continue;
    if (isSystemLog(resolved)) return historyWipeHit(`${tool} removes ${resolved}, a system log,`);
    // A program or library of the system: whatever loads it stops working (libc takes everything).
    if (SYSTEM_PROGRAM_FILE.test(resolved)) {
      return {
        rule: "delete.system-file",
        severity: "dangerous",
        reason: `${tool} removes ${resolved}, a program or library of the operating system, which breaks what uses it; remove packages with the package manager, or ask the user.`,
      };
    }
  }
  return undefined;
}

/** With -H or -L find starts from what a start point that is a link (made by this command) names. */
function followedStart(word: ExpandedWord, follows: boolean, scope: Scope | undefined): ExpandedWord {
  if (!follows || scope === undefined || scope.links.size === 0 || word.glob) return word;
  const resolved = resolveIn(word.value, scope);
  if (resolved === undefined || !scope.links.has(resolved)) return word;
  const target = throughLinks(resolved, scope.links, true);
  return { ...word, value: target, pattern: target };
}

const SYSTEM_PROGRAM_FILE =
  /^\/(bin|sbin|lib|lib32|lib64|libx32|usr\/(bin|sbin|lib|lib32|lib64|libx32|libexec))\/./;

const NARROWING = new Set([
  "-name",
  "-iname",
  "-path",
  "-ipath",
  "-wholename",
  "-iwholename",
  "-regex",
  "-iregex",
  "-newer",
  "-mtime",
  "-mmin",
  "-atime",
  "-amin",
  "-ctime",
  "-cmin",
  "-size",
  "-user",
  "-group",
  "-uid",
  "-gid",
  "-perm",
  "-empty",
  "-inum",
  "-samefile",
  "-links",
  "-lname",
  "-ilname",
  "-used",
  "-newermt",
  "-false",
  "-nouser",
  "-nogroup",
  "-context",
  "-fstype",
]);

/** The start points of `find` and whether its expression selects only some files. */
export function findStartPoints(
  args: readonly ExpandedWord[],
  scope?: Scope,
): {
  starts: ExpandedWord[];
  narrowed: boolean;
} {
  const starts: ExpandedWord[] = [];
  let index = 0;
  let follows = false;
  while (index < args.length && /^-[HLP]$|^-O\d$|^-D$/.test(args[index]!.value)) {
    if (/^-[HL]$/.test(args[index]!.value)) follows = true;
    else if (args[index]!.value === "-P") follows = false;
    index += args[index]!.value === "-D" ? 2 : 1;
  }
  for (; index < args.length; index += 1) {
    const value = args[index]!.value;
    if (value.startsWith("-") || value === "(" || value === "!" || value === ",") break;
    starts.push(followedStart(args[index]!, follows, scope));
  }
  const expression = args.slice(index);
  // GNU find without a start point searches `.`.
  if (starts.length === 0) starts.push(literalWord(".", args[index]?.span ?? [0, 0], "."));
  const narrowed = expression.some(
    (word, position) =>
      NARROWING.has(word.value.replace(/^-not$/, "")) &&
      // `-name '*'` matches every entry: no narrowing at all.
      !(/^-i?(name|path|wholename)$/.test(word.value) && expression[position + 1]?.value === "*"),
  );
  return { starts, narrowed };
}

/**
 * Whether `find -delete` can never delete its start points themselves: `-mindepth 1` or more, or a
 * single `-type` test without `d` (and no `-o`/`!` that could turn it around).
 */
function sparesStartPoints(args: readonly ExpandedWord[]): boolean {
  const values = args.map((word) => word.value);
  const minimumDepth = values.indexOf("-mindepth");
  if (minimumDepth !== -1 && Number(values[minimumDepth + 1]) >= 1) return true;
  if (values.some((value) => ["-o", "-or", ",", "!", "-not"].includes(value))) return false;
  const types = values.flatMap((value, index) => (value === "-type" ? [values[index + 1] ?? "d"] : []));
  return types.length > 0 && types.every((type) => !type.includes("d"));
}

function findRule(input: RuleInput): RuleHit | undefined {
  if (!input.args.some((word) => word.value === "-delete")) return undefined;
  const { starts, narrowed } = findStartPoints(input.args, input.scope);
  if (narrowed) {
    // A test narrows what goes, but a sweep of `/` or a system directory still deletes system files.
    const sweep = starts.find((word) => {
      const protection = protectionOf(word, input.scope);
      return protection === "root" || (protection === "system" && !isUserManagedDirectory(word, input.scope));
    });
    return sweep
      ? {
          rule: "delete.find-system",
          severity: "dangerous",
          reason: `'find ${sweep.source} … -delete' deletes matching files all over ${describeProtection(protectionOf(sweep, input.scope)!, sweep)}, including the system's own; start the search in the project directory instead.`,
        }
      : undefined;
  }
  // Emptying /tmp without removing /tmp itself is what `rm -rf /tmp/*` does, which is allowed.
  const checked = sparesStartPoints(input.args)
    ? starts.filter((word) => !isScratchDirectory(word, input.scope))
    : starts;
  return firstProtected(checked, input, "'find -delete'");
}

const RSYNC_WITH_ARGUMENT = new Set([
  "-e",
  "--rsh",
  "--exclude",
  "--include",
  "--filter",
  "-f",
  "--files-from",
  "--exclude-from",
  "--include-from",
  "--rsync-path",
  "--log-file",
  "-T",
  "--temp-dir",
  "--backup-dir",
  "--link-dest",
  "--compare-dest",
  "--copy-dest",
  "--chown",
  "--chmod",
  "--timeout",
  "--port",
  "--password-file",
  "--bwlimit",
  "--max-size",
  "--min-size",
  "-M",
  "--remote-option",
  "--partial-dir",
  "-B",
]);

function rsyncRule(input: RuleInput): RuleHit | undefined {
  if (input.args.some((word) => word.value === "--dry-run" || /^-[a-zA-Z]*n[a-zA-Z]*$/.test(word.value)))
    return undefined;
  const deleting = input.args.some((word) => /^--(delete|del$|delete-\w+)/.test(word.value));
  const removesSource = input.args.some((word) => word.value === "--remove-source-files");
  if (!deleting && !removesSource) return undefined;
  const paths: ExpandedWord[] = [];
  for (let index = 0; index < input.args.length; index += 1) {
    const value = input.args[index]!.value;
    if (RSYNC_WITH_ARGUMENT.has(value)) index += 1;
    else if (!value.startsWith("-")) paths.push(input.args[index]!);
  }
  const local = paths.filter((word) => !/^[^/]*:/.test(word.value));
  const destination = paths.at(-1);
  const checked = [
    ...(deleting && destination && local.includes(destination) ? [destination] : []),
    ...(removesSource ? local.slice(0, -1) : []),
  ];
  return firstProtected(checked, input, "'rsync --delete'");
}

export const deleteRule: Rule = (input) => {
  switch (input.name) {
    case "rm":
    case "rimraf":
    case "srm":
      return removeRule(input);
    case "find":
      return findRule(input);
    case "rsync":
      return rsyncRule(input);
    case "tar":
    case "zip": {
      // `tar --remove-files` and `zip -m` delete what they archived.
      const removes =
        input.name === "tar"
          ? input.args.some((word) => word.value === "--remove-files")
          : input.args.some((word) => /^-[a-zA-Z]*m/.test(word.value) || word.value === "--move");
      if (!removes) return undefined;
      const paths = input.args.filter((word) => !word.value.startsWith("-"));
      return firstProtected(
        input.name === "zip" ? paths.slice(1) : paths,
        { ...input, invocation: { ...input.invocation, treeOperands: true } },
        `'${input.name}'`,
      );
    }
    case "unlink":
      return systemFileRemoved(
        input.args.filter((word) => !word.value.startsWith("-")),
        input,
        "'unlink'",
      );
    case "shred": {
      const credential = input.args.find((word) => protectionOf(word, input.scope) === "credentials");
      if (credential) return hit("credentials", credential, "'shred'");
      if (input.args.some((word) => /^-[a-zA-Z]*u|^--remove/.test(word.value))) {
        const removed = systemFileRemoved(
          input.args.filter((word) => !word.value.startsWith("-")),
          input,
          "'shred -u'",
        );
        if (removed) return removed;
      }
      return input.invocation.treeOperands &&
        input.args.some((word) => /^-[a-zA-Z]*u|^--remove/.test(word.value))
        ? firstProtected(
            input.args.filter((word) => !word.value.startsWith("-")),
            input,
            "'shred -u'",
          )
        : undefined;
    }
    case "mv": {
      // Moving `/`, a system directory or home away breaks the system as surely as deleting it.
      const paths = input.args.filter((word) => !word.value.startsWith("-"));
      return (
        firstProtected(paths.slice(0, -1), input, "'mv'") ??
        systemFileRemoved(paths.slice(0, -1), input, "'mv'")
      );
    }
    default:
      return undefined;
  }
};
