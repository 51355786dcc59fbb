import { existsSync, readFileSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestContext } from "vitest";
import skipList from "../windows/wine-skips.json" with { type: "json" };

/**
 * Where the suite runs, for tests that must make no POSIX assumption on Windows or macOS, and the
 * one way a test skips for a platform gap: by an id from test/windows/wine-skips.json, whose reason
 * names the missing feature (test/windows/skip-list.test.ts keeps that list honest).
 */
export const onWindows = process.platform === "win32";
export const onMac = process.platform === "darwin";

/** setsid(1) from util-linux: Linux has it, macOS and Windows do not, so its fixtures run only here. */
export const hasSetsid = !onWindows && ["/usr/bin/setsid", "/bin/setsid"].some((file) => existsSync(file));

function ntdllIsWine(): boolean {
  // Wine's ntdll exports wine_get_version; Microsoft's never does. Reading the file needs no FFI.
  try {
    const systemRoot = process.env.SystemRoot ?? "C:\\windows";
    return readFileSync(path.win32.join(systemRoot, "System32", "ntdll.dll")).includes("wine_get_version");
  } catch {
    return false;
  }
}

/** Windows node.exe under Wine (scripts/windows-under-wine.sh): win32, but not Windows. */
export const underWine =
  onWindows &&
  (process.env.SHELLGATE_UNDER_WINE === "1" || process.env.WINEPREFIX !== undefined || ntdllIsWine());

export type WineSkipId = keyof typeof skipList.wine;
export type WindowsSkipId = keyof typeof skipList.windows;

/** The stated reason for a Wine-only skip; throws for an id the committed list does not have. */
export function wineCannot(id: WineSkipId): string {
  const reason: string | undefined = skipList.wine[id];
  if (reason === undefined) throw new Error(`'${id}' is not in test/windows/wine-skips.json`);
  return `skipped under Wine (${id}): ${reason}; runs for real on windows-latest`;
}

/** Skips the running test under Wine only, with the listed reason. */
export function skipUnderWine(context: TestContext, id: WineSkipId): void {
  context.skip(underWine, wineCannot(id));
}

/** Skips the running test on every win32 host until the named issue item lands. */
export function skipOnWindowsUntil(context: TestContext, id: WindowsSkipId): void {
  const reason: string | undefined = skipList.windows[id];
  if (reason === undefined) throw new Error(`'${id}' is not in test/windows/wine-skips.json`);
  context.skip(onWindows, `skipped on win32 (${id}) until ${reason}`);
}

/** A bash word that is exactly `text`: single quotes, `'` as `'\''`. Backslashes in C:\ paths survive. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A native drive path in Git Bash's spelling: `C:\\Users\\x` is `/c/Users/x` (short names kept). */
function gitBashDrivePath(nativePath: string): string {
  const drive = /^([A-Za-z]):[\\/]?(.*)$/s.exec(nativePath);
  if (drive === null) return nativePath.replace(/\\/g, "/");
  const rest = drive[2]!.replace(/\\/g, "/").replace(/\/+$/, "");
  return `/${drive[1]!.toLowerCase()}${rest === "" ? "" : `/${rest}`}`;
}

/**
 * What bash's `pwd` may print for a native directory in the shell the suite resolves, each form
 * followed by `after`. Git Bash: `/c/Users/…`, or `/tmp/…` under %TEMP%, which Git for Windows mounts
 * as /tmp and Cygwin's getcwd() reports through that mount. macOS: the real path (`/private/var/…`
 * for `/var/…`, because bash falls back to getcwd() when PWD does not match).
 */
export function pwdOutputs(nativeDirectory: string, after = ""): string[] {
  if (!onWindows) {
    const forms = new Set([realpathSync.native(nativeDirectory), nativeDirectory]);
    return [...forms].map((form) => `${form}\n${after}`);
  }
  const forms = [gitBashDrivePath(nativeDirectory)];
  const temp = tmpdir().replace(/[\\/]+$/, "");
  const lower = nativeDirectory.toLowerCase();
  if (lower === temp.toLowerCase() || lower.startsWith(`${temp.toLowerCase()}\\`)) {
    forms.push(`/tmp${nativeDirectory.slice(temp.length).replace(/\\/g, "/")}`);
  }
  return forms.map((form) => `${form}\n${after}`);
}

/**
 * A command that starts a native, long-lived node process which prints `pid <n>` with its own OS
 * pid. Unlike `$$` (a Cygwin pid in Git Bash, never the Windows one), that number is what
 * process.kill and taskkill understand on every OS.
 */
export function nativePidCommand(prefix = "pid"): string {
  const node = onWindows ? gitBashDrivePath(process.execPath) : process.execPath;
  const script = `process.stdout.write(${JSON.stringify(`${prefix} `)} + process.pid + "\\n"); setInterval(() => {}, 1000)`;
  return `exec ${shellQuote(node)} -e ${shellQuote(script)}`;
}
