import { systemProgramPath } from "../../../platforms/index.js";
import { carriesCredential, isCredentialName } from "./credential-rules.js";
import { matchesAnyNamePattern } from "./name-pattern.js";

/** Set for every command unless the caller sets them: no pagers waiting for a key, no colour codes. */
export const NON_INTERACTIVE_DEFAULTS: Readonly<Record<string, string>> = {
  PAGER: "cat",
  GIT_PAGER: "cat",
  NO_COLOR: "1",
  TERM: "dumb",
};

export interface BuildEnvironmentOptions {
  /**
   * Drop credentials by rule (default true): names such as `*_TOKEN` or `*_API_KEY` and values such
   * as a URL with a password. A list keeps the rules and also drops names matching its patterns.
   */
  readonly scrub?: boolean | readonly string[];
  /** Names or `*` patterns kept even though the rules call them credentials (`env_keep`). */
  readonly allow?: readonly string[];
  /** Names or `*` patterns always dropped; deny wins over allow. */
  readonly deny?: readonly string[];
  /** The caller's own variables: applied last, never scrubbed, and they beat the defaults. */
  readonly set?: Readonly<Record<string, string>>;
  /** Windows names are case-insensitive, so `set.Path` replaces the host's `PATH` there. */
  readonly platform?: NodeJS.Platform;
}

/** Whether a name alone marks a credential (word rules and known names; see `credential-rules`). */
export function looksLikeCredential(name: string): boolean {
  return isCredentialName(name);
}

/** The last environment built, with exactly what it was built from. */
interface BuiltEnvironment {
  readonly pairs: readonly (string | undefined)[];
  readonly options: BuildEnvironmentOptions;
  readonly result: Readonly<Record<string, string>>;
}

let last: BuiltEnvironment | undefined;

/** The variables in order, as name/value pairs: what a build depends on besides its options. */
function pairsOf(base: NodeJS.ProcessEnv): (string | undefined)[] {
  const pairs: (string | undefined)[] = [];
  for (const name of Object.keys(base)) pairs.push(name, base[name]);
  return pairs;
}

// By content, not identity: a caller may change its own lists or variables between runs.
function sameOptions(a: BuildEnvironmentOptions, b: BuildEnvironmentOptions): boolean {
  return (
    a.platform === b.platform &&
    (typeof a.scrub === "object" && typeof b.scrub === "object"
      ? samePairs(a.scrub, b.scrub)
      : a.scrub === b.scrub) &&
    samePairs(a.allow ?? [], b.allow ?? []) &&
    samePairs(a.deny ?? [], b.deny ?? []) &&
    samePairs(Object.entries(a.set ?? {}).flat(), Object.entries(b.set ?? {}).flat())
  );
}

function samePairs(a: readonly (string | undefined)[], b: readonly (string | undefined)[]): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index += 1) if (a[index] !== b[index]) return false;
  return true;
}

/**
 * The environment a command runs with: the host's, minus credentials, plus non-interactive defaults.
 * Every run builds it, and the host's environment rarely changes between runs: when the variables
 * and the options are those of the last build, that result is copied instead of judged again.
 */
export function buildEnvironment(
  base: NodeJS.ProcessEnv,
  options: BuildEnvironmentOptions = {},
): Record<string, string> {
  const pairs = pairsOf(base);
  if (last !== undefined && sameOptions(last.options, options) && samePairs(last.pairs, pairs)) {
    return { ...last.result };
  }
  const result = judgeEnvironment(base, options);
  last = {
    pairs,
    options: {
      ...options,
      ...(Array.isArray(options.scrub) ? { scrub: [...options.scrub] } : {}),
      ...(options.allow ? { allow: [...options.allow] } : {}),
      ...(options.deny ? { deny: [...options.deny] } : {}),
      ...(options.set ? { set: { ...options.set } } : {}),
    },
    result: { ...result },
  };
  return result;
}

function judgeEnvironment(base: NodeJS.ProcessEnv, options: BuildEnvironmentOptions): Record<string, string> {
  const scrub = options.scrub ?? true;
  const scrubPatterns = Array.isArray(scrub) ? scrub : [];
  const allow = options.allow ?? [];
  const deny = options.deny ?? [];
  const caseInsensitive = (options.platform ?? process.platform) === "win32";
  const result: Record<string, string> = {};
  const denying = deny.length > 0;
  const allowing = allow.length > 0;
  for (const [name, value] of Object.entries(base)) {
    if (value === undefined) continue;
    if (denying && matchesAnyNamePattern(name, deny)) continue;
    const credential =
      scrub !== false && (carriesCredential(name, value) || matchesAnyNamePattern(name, scrubPatterns));
    if (credential && !(allowing && matchesAnyNamePattern(name, allow))) continue;
    result[name] = value;
  }
  const assign = (name: string, value: string): void => {
    if (caseInsensitive) {
      for (const existing of Object.keys(result)) {
        if (existing !== name && existing.toUpperCase() === name.toUpperCase()) delete result[existing];
      }
    }
    result[name] = value;
  };
  for (const [name, value] of Object.entries(NON_INTERACTIVE_DEFAULTS)) assign(name, value);
  // Python before 3.15 writes to a pipe in the ANSI code page on Windows; UTF-8 unless the user chose.
  const has = (name: string) => Object.keys(result).some((key) => key.toUpperCase() === name);
  if (caseInsensitive && !has("PYTHONUTF8") && !has("PYTHONIOENCODING")) assign("PYTHONUTF8", "1");
  // Whatever starts a batch file (cross-spawn, npm, a script's own `cmd /c`) runs %ComSpec%, and
  // without it a bare cmd.exe, which Windows looks for in the working directory first. The MCP SDK's
  // default environment for a stdio server leaves ComSpec out; a host's own may be relative.
  if (caseInsensitive) assign("ComSpec", systemProgramPath("cmd", base));
  for (const [name, value] of Object.entries(options.set ?? {})) assign(name, value);
  return result;
}
