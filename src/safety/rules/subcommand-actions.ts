import type { RuleHit } from "../finding.js";
import type { RuleInput } from "./rule.js";

/**
 * One mechanism for programs whose subcommands and options decide whether they destroy something
 * that cannot be recovered from this machine (`terraform destroy -auto-approve`, `kubectl delete ns`,
 * `git push --force`, `iptables -F`): each program is data — which options take a value, which
 * options mean a dry run, and which subcommand paths with which options or operands destroy.
 */

/** A set of alternative option spellings (`["-f", "--force"]`); any one present counts. */
export type OptionSet = readonly string[];

export interface DestructiveAction {
  /** The leading operands (subcommand words), each a literal or a pattern: `["s3", "rm"]`. */
  readonly path: readonly (string | RegExp)[];
  /** Every listed option set must be present (`[["-auto-approve"]]`). */
  readonly options?: readonly OptionSet[];
  /** At least one of these option sets must be present. */
  readonly anyOption?: readonly OptionSet[];
  /** Some operand after the path must match (`/^(ns|namespaces?)(\/|$)/`). */
  readonly operand?: RegExp;
  /** Option values that must match: `[["--method", "-X"], /^delete$/i]`. */
  readonly optionValue?: readonly [OptionSet, RegExp];
  /** Further condition on the parsed line, for what the fields above cannot say. */
  readonly when?: (line: ParsedLine) => boolean;
  /** Stable rule id. */
  readonly rule: string;
  /** What it does, completing "'tool …' …": "destroys every resource of the configuration". */
  readonly what: string;
}

export interface ProgramActions {
  /** Options that take the next word as their value unless written `--opt=value` (or `-oVALUE`). */
  readonly valued?: readonly string[];
  /** Options that make the run a dry run, a preview or a help text (`--dry-run`, `plan`). */
  readonly dryRun?: readonly string[];
  /** Single-letter options cluster (`-fu` is `-f -u`); true for getopt-style programs. */
  readonly clusters?: boolean;
  readonly actions: readonly DestructiveAction[];
  /** What to do instead, completing the reason sentence. */
  readonly instead: string;
}

export interface ParsedLine {
  /** Words that are not options or option values, in order. */
  readonly operands: readonly string[];
  /** Option words as written (`--force`, `-uf`, `-auto-approve=false`). */
  readonly options: readonly string[];
  /** Values of valued options by option name, in order. */
  readonly values: ReadonlyMap<string, readonly string[]>;
  readonly clusters: boolean;
  readonly valued: readonly string[];
}

const FALSE_VALUE = /^(false|0|no|none|off)$/i;
const HELP = new Set(["-h", "--help", "-help", "help"]);

export function parseLine(
  args: readonly string[],
  program: Pick<ProgramActions, "valued" | "clusters">,
): ParsedLine {
  const operands: string[] = [];
  const options: string[] = [];
  const values = new Map<string, string[]>();
  const valued = program.valued ?? [];
  const note = (name: string, value: string) => {
    const list = values.get(name) ?? [];
    list.push(value);
    values.set(name, list);
  };
  for (let index = 0; index < args.length; index += 1) {
    const word = args[index]!;
    if (word === "--") {
      operands.push(...args.slice(index + 1));
      break;
    }
    if (!word.startsWith("-") || word === "-") {
      operands.push(word);
      continue;
    }
    options.push(word);
    const equals = word.indexOf("=");
    if (equals > 0) {
      note(word.slice(0, equals), word.slice(equals + 1));
      continue;
    }
    if (valued.includes(word)) {
      const value = args[index + 1];
      if (value !== undefined) note(word, value);
      index += 1;
      continue;
    }
    // `-XDELETE`, `-nprod`: a short valued option with its value attached.
    if (!word.startsWith("--")) {
      const short = word.slice(0, 2);
      if (word.length > 2 && valued.includes(short)) note(short, word.slice(2));
    }
  }
  return { operands, options, values, clusters: program.clusters === true, valued };
}

/** Whether an option of the set is present and not switched off (`-auto-approve=false`). */
export function hasOption(line: ParsedLine, set: OptionSet): boolean {
  for (const option of set) {
    const bare = option.replace(/^-+/, "");
    for (const word of line.options) {
      const [name, value] = word.includes("=")
        ? [word.slice(0, word.indexOf("=")), word.slice(word.indexOf("=") + 1)]
        : [word, undefined];
      // Go's flag package and terraform take `-opt` and `--opt` alike.
      if (name === option || (bare.length > 1 && name.replace(/^-+/, "") === bare && name.startsWith("-"))) {
        if (value === undefined || !FALSE_VALUE.test(value)) return true;
        continue;
      }
      if (line.clusters && option.length === 2 && !option.startsWith("--") && !word.startsWith("--")) {
        // A cluster ends at its first letter that takes a value (`-uoci.skip` is `-u -o ci.skip`).
        for (const letter of word.slice(1)) {
          if (letter === option[1]) return true;
          if (line.valued.includes(`-${letter}`)) break;
        }
      }
    }
  }
  return false;
}

function matchesPath(operands: readonly string[], path: DestructiveAction["path"]): boolean {
  return path.every((part, index) => {
    const operand = operands[index];
    if (operand === undefined) return false;
    return typeof part === "string" ? operand === part : part.test(operand);
  });
}

function matches(action: DestructiveAction, line: ParsedLine): boolean {
  if (!matchesPath(line.operands, action.path)) return false;
  if (action.options && !action.options.every((set) => hasOption(line, set))) return false;
  if (action.anyOption && !action.anyOption.some((set) => hasOption(line, set))) return false;
  if (action.operand && !line.operands.slice(action.path.length).some((word) => action.operand!.test(word)))
    return false;
  if (action.optionValue) {
    const [names, pattern] = action.optionValue;
    if (!names.some((name) => (line.values.get(name) ?? []).some((value) => pattern.test(value))))
      return false;
  }
  return action.when === undefined || action.when(line);
}

function isDryRun(line: ParsedLine, program: ProgramActions): boolean {
  if (line.options.some((word) => HELP.has(word)) || line.operands.some((word) => HELP.has(word)))
    return true;
  return program.dryRun !== undefined && hasOption(line, program.dryRun);
}

/** The first destructive action of a program's table that the command line performs, or undefined. */
export function destructiveAction(
  program: ProgramActions,
  args: readonly string[],
): DestructiveAction | undefined {
  const line = parseLine(args, program);
  const action = program.actions.find((candidate) => matches(candidate, line));
  if (action === undefined || isDryRun(line, program)) return undefined;
  return action;
}

/** A rule over a table of programs: `name` looked up, its arguments matched against the actions. */
export function tableRule(table: Readonly<Record<string, ProgramActions>>) {
  return ({ name, args }: RuleInput): RuleHit | undefined => {
    const program = Object.hasOwn(table, name) ? table[name] : undefined;
    if (program === undefined) return undefined;
    const words = args.map((word) => word.value);
    const action = destructiveAction(program, words);
    if (action === undefined) return undefined;
    const shown = [name, ...words].join(" ");
    const display = shown.length > 60 ? `${shown.slice(0, 57)}...` : shown;
    return {
      rule: action.rule,
      severity: "dangerous",
      reason: `'${display}' ${action.what}, which cannot be undone from this machine; ${program.instead}`,
    };
  };
}
