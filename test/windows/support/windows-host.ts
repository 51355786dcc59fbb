import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Which kind of Windows the Windows suite is running on. Wine runs the real Windows node.exe but is
 * not Windows: some things it cannot do at all (Git Bash, ConPTY, `taskkill /T`), and the tests skip
 * those with `wineCannot(...)` as the stated reason instead of pretending to pass.
 */
export const onWindows = process.platform === "win32";

function ntdllIsWine(): boolean {
  // Wine's ntdll exports wine_get_version; Microsoft's never does. Reading the file needs no FFI.
  try {
    const systemRoot = process.env.SystemRoot ?? "C:\\windows";
    return readFileSync(join(systemRoot, "System32", "ntdll.dll")).includes("wine_get_version");
  } catch {
    return false;
  }
}

export const underWine =
  onWindows &&
  (process.env.SHELLGATE_UNDER_WINE === "1" || process.env.WINEPREFIX !== undefined || ntdllIsWine());

/** Real Windows: GitHub's windows-latest runner (Git Bash first on PATH, WSL without a distro). */
export const onRealWindows = onWindows && !underWine;

/** The skip note for something Wine 8 cannot do; says what and why, so a skip is never silent. */
export function wineCannot(what: string): string {
  return `skipped under Wine: ${what} (see README, Platforms; runs for real on windows-latest in CI)`;
}

/** Where scripts/windows-under-wine.sh laid out the fake Git for Windows install, if it did. */
export const fakeGitRoot: string | undefined = underWine ? process.env.SHELLGATE_FAKE_GIT_ROOT : undefined;
