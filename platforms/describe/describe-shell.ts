import { shellConventions } from "../paths/conventions.js";
import type { ShellResolution } from "../resolve/resolution.js";
import { fitSentences } from "./fit-text.js";

const WINDOWS_OVERRIDE =
  "To change it, set windows_shell (config) or SHELLGATE_WINDOWS_SHELL to auto, gitbash or wsl, or bash_path / SHELLGATE_BASH_PATH to a bash.exe.";
const POSIX_OVERRIDE = "To use another bash, set bash_path (config) or SHELLGATE_BASH_PATH.";
const PATH_CONVERSION =
  "A lone /x argument to a Windows program is rewritten to a Windows path; write //x or prefix MSYS_NO_PATHCONV=1 for that command.";
// A plain string on purpose: the ${...} is bash syntax shown to the model, not a template.
const BASH_3_LIMITS = "This is bash 3.2: no associative arrays, ${var,,}, mapfile or |&.";
const FULL_BASH = "Full bash: pipes, redirects, &&, ||, $VAR, $(...), globs, heredocs.";

function versionPart(resolution: ShellResolution): string {
  return resolution.version ? `bash ${resolution.version}, ` : "";
}

function describeWindowsBash(resolution: ShellResolution, name: string): string[] {
  const conventions = shellConventions(resolution.kind);
  const toolchain =
    resolution.flavor === "msys2"
      ? "MSYS2's own packages, plus Windows programs on PATH"
      : conventions.toolchain;
  const home = resolution.home ? `$HOME is ${resolution.home}` : `$HOME is ${conventions.home}`;
  const drive =
    resolution.kind === "cygwin"
      ? "Windows drives appear as /cygdrive/c/..., not /c/... (C:\\Users\\me\\p is /cygdrive/c/Users/me/p)"
      : "Windows drives appear as /c/..., not /mnt/c/... (C:\\Users\\me\\p is /c/Users/me/p)";
  return [
    `Commands run in ${name} (${versionPart(resolution)}${resolution.path}) on Windows.`,
    `${drive}; ${home}; the toolchain (git, node, python) is ${toolchain}.`,
  ];
}

/**
 * The paragraph the model reads about its shell: which one, where, how paths and `$HOME` look,
 * and how a person overrides the choice. At most 600 characters.
 */
export function describeShell(resolution: ShellResolution): string {
  const onWindows = resolution.platform === "win32";
  const override = onWindows ? WINDOWS_OVERRIDE : POSIX_OVERRIDE;
  switch (resolution.kind) {
    case "bash": {
      const home = resolution.home ? ` $HOME is ${resolution.home}.` : "";
      const old = resolution.version?.startsWith("3.") === true ? [BASH_3_LIMITS] : [];
      return fitSentences(
        [
          `Commands run in bash${resolution.version ? ` ${resolution.version}` : ""} at ${resolution.path}. Paths are ordinary POSIX paths.${home}`,
        ],
        [...old, FULL_BASH, override],
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
      return fitSentences(
        describeWindowsBash(resolution, resolution.flavor === "msys2" ? "MSYS2 bash" : "Git Bash"),
        ["Use forward slashes and quote paths with spaces.", override, PATH_CONVERSION],
      );
    case "cygwin":
      return fitSentences(describeWindowsBash(resolution, "Cygwin bash"), [override]);
    case "wsl":
      return fitSentences(
        [
          `Commands run in WSL bash${resolution.version ? ` ${resolution.version}` : ""} in the '${resolution.distro}' Linux distribution (through ${resolution.path}).`,
          `Windows drives are mounted at /mnt/c/..., not /c/... (C:\\Users\\me\\p is /mnt/c/Users/me/p); $HOME is ${shellConventions("wsl").home}; the toolchain (git, node, python) is ${shellConventions("wsl").toolchain}.`,
        ],
        [override],
      );
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
