// Which shell the user asked for, and from where. Pure: environment lookups are passed in.

export const WINDOWS_SHELL_VALUES = ["auto", "wsl", "gitbash"] as const;
export type WindowsShellPreference = (typeof WINDOWS_SHELL_VALUES)[number];

export interface PreferenceChoice {
  readonly preference: WindowsShellPreference;
  /** Where the value came from: "config", an environment variable's name, or "default". */
  readonly source: string;
  readonly warning?: string;
}

export interface BashPathChoice {
  readonly path: string;
  readonly source: string;
}

export const WINDOWS_SHELL_ENV = ["SHELLGATE_WINDOWS_SHELL", "AMPLIFIER_BASH_WINDOWS_SHELL"] as const;
export const BASH_PATH_ENV = "SHELLGATE_BASH_PATH";

type EnvReader = (name: string) => string | undefined;

/**
 * config `windows_shell`, then `SHELLGATE_WINDOWS_SHELL`, then `AMPLIFIER_BASH_WINDOWS_SHELL`. A config
 * value of "auto" (the schema's default) counts as unset so an environment variable can still choose.
 * Values are trimmed and case-insensitive; anything else is a warning and counts as "auto".
 */
export function chooseWindowsShellPreference(
  configValue: string | undefined,
  env: EnvReader,
): PreferenceChoice {
  const candidates: [string, string | undefined][] = [
    ["config", configValue],
    ...WINDOWS_SHELL_ENV.map((name): [string, string | undefined] => [name, env(name)]),
  ];
  for (const [source, raw] of candidates) {
    const value = raw?.trim().toLowerCase();
    if (!value || (source === "config" && value === "auto")) continue;
    if ((WINDOWS_SHELL_VALUES as readonly string[]).includes(value)) {
      return { preference: value as WindowsShellPreference, source };
    }
    const origin = source === "config" ? "config windows_shell" : source;
    return {
      preference: "auto",
      source,
      warning: `${origin} is '${raw}', which is not one of ${WINDOWS_SHELL_VALUES.join(", ")}; using auto`,
    };
  }
  return { preference: "auto", source: "default" };
}

/** config `bash_path`, then `SHELLGATE_BASH_PATH`; blank values count as unset. */
export function chooseBashPath(configValue: string | undefined, env: EnvReader): BashPathChoice | null {
  if (configValue?.trim()) return { path: configValue.trim(), source: "config bash_path" };
  const fromEnv = env(BASH_PATH_ENV)?.trim();
  return fromEnv ? { path: fromEnv, source: BASH_PATH_ENV } : null;
}
