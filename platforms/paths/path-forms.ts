// The shapes of paths the translators recognise. Pure string work: no `path` module of the host,
// so these behave the same on every OS.

export interface DrivePath {
  /** Lower-case drive letter. */
  readonly drive: string;
  /** What follows `X:\` with forward slashes; undefined for a bare `X:`. */
  readonly rest: string | undefined;
}

export interface WslUncPath {
  readonly distro: string;
  /** What follows `\\wsl.localhost\<distro>\`, forward slashes, possibly empty. */
  readonly rest: string;
}

const URL_PATTERN = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;
const DRIVE_PATTERN = /^(?:\\\\\?\\)?([A-Za-z]):(?:[\\/](.*))?$/s;
const WSL_UNC_PATTERN = /^[\\/]{2}(?:wsl\.localhost|wsl\$)[\\/]([^\\/]+)(?:[\\/](.*))?$/is;
const UNC_PATTERN = /^\\\\([^\\/]+)(?:\\(.*))?$/s;

/** Paths no convention changes: device files, URLs, and paths that are already POSIX. */
export function isUntranslatable(value: string): boolean {
  return value === "" || value.startsWith("/") || value.startsWith("~") || URL_PATTERN.test(value);
}

export function isUrl(value: string): boolean {
  return URL_PATTERN.test(value);
}

export function parseDrivePath(value: string): DrivePath | null {
  const match = DRIVE_PATTERN.exec(value);
  if (!match) return null;
  return { drive: match[1]!.toLowerCase(), rest: match[2]?.replace(/\\/g, "/") };
}

export function parseWslUncPath(value: string): WslUncPath | null {
  const match = WSL_UNC_PATTERN.exec(value);
  if (!match) return null;
  return { distro: match[1]!, rest: (match[2] ?? "").replace(/\\/g, "/") };
}

/** `\\server\share\x` as `//server/share/x`, which MSYS, Cygwin and WSL all read as UNC. */
export function uncToForwardSlashes(value: string): string | null {
  const match = UNC_PATTERN.exec(value);
  if (!match) return null;
  return `//${match[1]}${match[2] === undefined ? "" : `/${match[2].replace(/\\/g, "/")}`}`;
}

export function toBackslashes(value: string): string {
  return value.replace(/\//g, "\\");
}

export function windowsDrive(drive: string, rest: string | undefined): string {
  return `${drive.toUpperCase()}:\\${rest === undefined ? "" : toBackslashes(rest)}`;
}
