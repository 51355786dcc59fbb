/**
 * Windows spellings of a path, folded to the one form the gate reasons about: a drive as `/c/…`
 * (Git Bash's form, lower-case letter) and a raw disk or volume as `/dev/disk/windows/…`. Every shell
 * that runs on Windows accepts some of these: `C:/x`, `C:\x` (quoted in bash), `/cygdrive/c/x`,
 * `/mnt/c/x` (WSL), `//?/C:/x` and `\\?\C:\x` (long-path prefix), `//./PhysicalDrive0`, `\\.\C:`.
 */

/** Device names behind `\\.\`: whole disks and volumes, not pipes or console devices. */
const RAW_DEVICE = /^(physicaldrive\d+|harddisk\d+.*|[a-z]:|volume\{.*|cdrom\d+|tape\d+|globalroot\\.*)$/i;

/** The canonical form of `text`, or `text` unchanged when it is no Windows spelling. */
export function foldWindowsPath(text: string): string {
  if (text.length < 2) return text;
  const first = text.charCodeAt(0);
  // Fast exit: only paths starting with a letter-colon, a slash or a backslash can be Windows paths.
  if (first !== 47 && first !== 92 && text[1] !== ":") return text;
  let rest = text;
  const prefix = /^(?:\\\\|\/\/)([?.])[\\/](.*)$/s.exec(rest);
  if (prefix) {
    const body = prefix[2]!;
    if (prefix[1] === "." && RAW_DEVICE.test(body.replace(/[\\/]+$/, "")))
      return `/dev/disk/windows/${body.replaceAll("\\", "/").toLowerCase()}`;
    if (/^volume\{/i.test(body) || /^globalroot[\\/]/i.test(body))
      return `/dev/disk/windows/${body.replaceAll("\\", "/").toLowerCase()}`;
    if (!/^[a-z]:/i.test(body)) return text;
    rest = body;
  }
  // `C:name` is relative to the drive's current directory; read it as from the drive root (the worst case).
  const drive = /^([a-z]):(?:[\\/]?(.*))?$/is.exec(rest);
  if (drive) return `/${drive[1]!.toLowerCase()}/${(drive[2] ?? "").replaceAll("\\", "/")}`;
  const mounted = /^\/(?:cygdrive|mnt)\/([a-z])(\/.*)?$/is.exec(rest);
  if (mounted) return `/${mounted[1]!.toLowerCase()}${mounted[2] ?? ""}`;
  // The MSYS runtime reads its drive mounts without regard to case: `/C/` is drive C: as `/c/` is.
  const upper = /^\/([A-Z])(\/.*)?$/s.exec(rest);
  if (upper) return `/${upper[1]!.toLowerCase()}${upper[2] ?? ""}`;
  return text;
}

const SYSTEM_NAMES = [
  "windows",
  "program files",
  "program files (x86)",
  "program files (arm)",
  "programdata",
  "users",
  "system volume information",
  "recovery",
  "$recycle.bin",
  "boot",
  "efi",
];
/** Under these, every subdirectory belongs to the system or to installed programs. */
const SYSTEM_TREE_NAMES = SYSTEM_NAMES.filter((name) => name !== "users" && name !== "$recycle.bin");
/** Under C:\Windows, the trees Windows cannot start without: as much the system as the folder itself. */
const CORE_TREE_NAMES = ["system32", "syswow64", "winsxs", "boot", "servicing"];
const SHARED_PROFILES = ["public", "default", "default user", "all users"];

/**
 * Whether a path segment names one of `names` as Windows finds it: without regard to case, or by
 * its 8.3 short name (`PROGRA~1` is whichever long name begins "progra" once blanks and dots are
 * dropped; which number is which cannot be known, so any number matches every such name).
 */
function namesOneOf(segment: string, names: readonly string[]): boolean {
  const lower = segment.toLowerCase();
  if (names.includes(lower)) return true;
  const short = /^([^~\s.]{1,6})~\d+(?:\.[^.]{0,3})?$/.exec(lower);
  if (!short) return false;
  const prefix = short[1]!;
  return names.some((name) => name.replace(/[\s.]/g, "").startsWith(prefix));
}

/** A segment that matches every name in its directory: `*`, `**`, `*?`. */
function everyName(segment: string): boolean {
  return /^[*?]*\*[*?]*$/.test(segment);
}

export type WindowsProtection = "root" | "system" | "system-subdirectory" | "home";

/** How a canonical `/c/…` path is protected on a Windows drive; undefined when it is not on one. */
export function windowsProtection(canonical: string): WindowsProtection | undefined {
  const match = /^\/([a-z])(?:\/(.*))?$/.exec(canonical);
  if (!match) return undefined;
  const parts = (match[2] ?? "").split("/").filter((part) => part !== "");
  if (parts.length === 0) return "root";
  if (parts.length === 1) return namesOneOf(parts[0]!, SYSTEM_NAMES) ? "system" : undefined;
  if (namesOneOf(parts[0]!, ["users"])) {
    // Every profile at once (`/c/Users/*`) is the machine's users, as `/home/*` is on Linux.
    if (parts.length === 2 && everyName(parts[1]!)) return "system";
    if (namesOneOf(parts[1]!, SHARED_PROFILES)) return parts.length === 2 ? "system" : undefined;
    return parts.length === 2 ? "home" : undefined;
  }
  if (/^temp$/i.test(parts[1]!)) return undefined;
  if (namesOneOf(parts[0]!, ["windows"]) && namesOneOf(parts[1]!, CORE_TREE_NAMES)) return "system";
  return namesOneOf(parts[0]!, SYSTEM_TREE_NAMES) ? "system-subdirectory" : undefined;
}
