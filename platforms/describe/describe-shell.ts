import type { ShellResolution } from "../resolve/resolution.js";
import { describeCygwin, describeGitBash, describeWsl } from "./describe-windows-shell.js";
import { fitSentences } from "./fit-text.js";

const WINDOWS_OVERRIDE =
  "To change it, set windows_shell (config) or SHELLGATE_WINDOWS_SHELL to auto, gitbash or wsl, or bash_path / SHELLGATE_BASH_PATH to a bash.exe.";
const POSIX_OVERRIDE = "To use another bash, set bash_path (config) or SHELLGATE_BASH_PATH.";
// A plain string on purpose: the ${...} is bash syntax shown to the model, not a template.
const BASH_3_LIMITS = "This is bash 3.2: no associative arrays, ${var,,}, mapfile or |&.";
const FULL_BASH = "Full bash: pipes, redirects, &&, ||, $VAR, $(...), globs, heredocs.";

export interface DescribeShellOptions {
  /**
   * The shell is a remote target's (a container, an SSH host, a pod), found by its probe: how to
   * pick another bash on this machine does not apply there, so that sentence is left out.
   */
  readonly remote?: boolean;
}

/**
 * The paragraph the model reads about its shell: which one, where, how paths and `$HOME` look,
 * and what trips a model up in it. At most 600 characters. On POSIX it also says how a person picks
 * another bash (not for a remote target's shell); on Windows the tool description adds the
 * override line itself.
 */
export function describeShell(resolution: ShellResolution, options: DescribeShellOptions = {}): string {
  const onWindows = resolution.platform === "win32";
  const override = options.remote ? "" : onWindows ? WINDOWS_OVERRIDE : POSIX_OVERRIDE;
  switch (resolution.kind) {
    case "bash": {
      const home = resolution.home ? ` $HOME is ${resolution.home}.` : "";
      const old = resolution.version?.startsWith("3.") === true ? [BASH_3_LIMITS] : [];
      return fitSentences(
        [
          `Commands run in bash${resolution.version ? ` ${resolution.version}` : ""} at ${resolution.path}. Paths are ordinary POSIX paths.${home}`,
        ],
        [...old, FULL_BASH, override].filter(Boolean),
      );
    }
    case "sh":
      return fitSentences(
        [
          `Commands run in POSIX sh (${resolution.path}); no bash was found.`,
          "Write POSIX sh only: no [[ ]], arrays, {a,b} brace expansion, <(...), source or function; use [ ], . and $(...).",
        ],
        [resolution.home ? `$HOME is ${resolution.home}.` : "", override].filter(Boolean),
      );
    case "gitbash":
      return describeGitBash(resolution);
    case "cygwin":
      return describeCygwin(resolution);
    case "wsl":
      return describeWsl(resolution);
    case "none": {
      const install = onWindows
        ? "For a full shell install Git for Windows (https://git-scm.com/download/win) or WSL (wsl --install), or set bash_path / SHELLGATE_BASH_PATH to a bash.exe."
        : "For a full shell install bash, or set bash_path / SHELLGATE_BASH_PATH.";
      return fitSentences(
        [
          `No bash was found${onWindows ? " (neither Git Bash nor WSL)" : ""}, so only simple commands run: one program and its arguments, started without a shell.`,
          "No pipes, redirects, &&, ||, ;, $VAR, ~ or globs; use full paths.",
          install,
        ],
        [],
      );
    }
  }
}
