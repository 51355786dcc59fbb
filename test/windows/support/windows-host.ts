/**
 * Which kind of Windows the Windows suite is running on. Wine runs the real Windows node.exe but is
 * not Windows: what it cannot do at all (Git Bash, ConPTY, `taskkill /T`) the tests skip with
 * `wineCannot(id)`, an id from test/windows/wine-skips.json, instead of pretending to pass.
 */
import { onWindows, underWine } from "../../support/platform.js";

export { onWindows, skipUnderWine, underWine, wineCannot } from "../../support/platform.js";

/** Real Windows: GitHub's windows-latest runner (Git Bash first on PATH, WSL without a distro). */
export const onRealWindows = onWindows && !underWine;

/** Where scripts/windows-under-wine.sh laid out the fake Git for Windows install, if it did. */
export const fakeGitRoot: string | undefined = underWine ? process.env.SHELLGATE_FAKE_GIT_ROOT : undefined;
