import { matchesAnyNamePattern } from "./name-pattern.js";

/** Words in a variable name that mark it as a credential (matched anywhere in the name, any case). */
export const CREDENTIAL_NAME_WORDS = ["KEY", "SECRET", "TOKEN", "PASSWORD"] as const;

/** Set for every command unless the caller sets them: no pagers waiting for a key, no colour codes. */
export const NON_INTERACTIVE_DEFAULTS: Readonly<Record<string, string>> = {
  PAGER: "cat",
  GIT_PAGER: "cat",
  NO_COLOR: "1",
  TERM: "dumb",
};

export interface BuildEnvironmentOptions {
  /** Drop credential-like names (default true). */
  readonly scrub?: boolean;
  /** Names or `*` patterns kept even though they look like credentials. */
  readonly allow?: readonly string[];
  /** Names or `*` patterns always dropped; deny wins over allow. */
  readonly deny?: readonly string[];
  /** The caller's own variables: applied last, never scrubbed, and they beat the defaults. */
  readonly set?: Readonly<Record<string, string>>;
  /** Windows names are case-insensitive, so `set.Path` replaces the host's `PATH` there. */
  readonly platform?: NodeJS.Platform;
}

export function looksLikeCredential(name: string): boolean {
  const upper = name.toUpperCase();
  return CREDENTIAL_NAME_WORDS.some((word) => upper.includes(word));
}

/** The environment a command runs with: the host's, minus credentials, plus non-interactive defaults. */
export function buildEnvironment(
  base: NodeJS.ProcessEnv,
  options: BuildEnvironmentOptions = {},
): Record<string, string> {
  const scrub = options.scrub ?? true;
  const allow = options.allow ?? [];
  const deny = options.deny ?? [];
  const caseInsensitive = (options.platform ?? process.platform) === "win32";
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(base)) {
    if (value === undefined) continue;
    if (matchesAnyNamePattern(name, deny)) continue;
    if (scrub && looksLikeCredential(name) && !matchesAnyNamePattern(name, allow)) continue;
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
