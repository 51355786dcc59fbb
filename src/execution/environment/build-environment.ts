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

/** The environment a command runs with: the host's, minus credentials, plus non-interactive defaults. */
export function buildEnvironment(
  base: NodeJS.ProcessEnv,
  options: BuildEnvironmentOptions = {},
): Record<string, string> {
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
  for (const [name, value] of Object.entries(options.set ?? {})) assign(name, value);
  return result;
}
