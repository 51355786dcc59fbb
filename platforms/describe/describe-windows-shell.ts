import { shellConventions } from "../paths/conventions.js";
import type { ShellResolution } from "../resolve/resolution.js";
import { fitSentences } from "./fit-text.js";

// What a model gets wrong first in each Windows shell, most important first: the required sentences
// always fit, optional ones follow while there is room. How a person overrides the choice is left to
// the host's own line (the tool description adds it), so it costs nothing here.

const MSYS_CONVERSION =
  "Arguments and env values that look like /paths are rewritten to C:/... for Windows programs (API_BASE=/v1 becomes C:/Program Files/Git/v1): write //v1 or prefix MSYS_NO_PATHCONV=1; use cmd //c, not cmd /c.";
const NATIVE_OUTPUT = "Windows programs print C:\\ paths and CRLF line ends.";
const CYGWIN_CONVERSION =
  "Windows programs get /cygdrive/... arguments unchanged and cannot open them: pass $(cygpath -w path).";

function versionPart(resolution: ShellResolution): string {
  return resolution.version ? `bash ${resolution.version}, ` : "";
}

function homePart(resolution: ShellResolution): string {
  return `$HOME is ${resolution.home ?? shellConventions(resolution.kind).home}`;
}

/** Git Bash and MSYS2: the `/c/` convention, where `/tmp` and `/` are, MSYS path conversion. */
export function describeGitBash(resolution: ShellResolution): string {
  const msys2 = resolution.flavor === "msys2";
  const name = msys2 ? "MSYS2 bash" : "Git Bash";
  const root = resolution.root ?? (msys2 ? "the MSYS2 install folder" : "the Git install folder");
  const tree = msys2 ? `/ (and /tmp) is ${root}` : `/tmp is %TEMP%, / is ${root}`;
  const toolchain = msys2
    ? "MSYS2's own packages, plus Windows programs on PATH"
    : shellConventions("gitbash").toolchain;
  return fitSentences(
    [
      `Commands run in ${name} (${versionPart(resolution)}${resolution.path}) on Windows.`,
      `C:\\Users\\me\\p is /c/Users/me/p (not /mnt/c/...; forward slashes, quote spaces); ${tree}; ${homePart(resolution)}.`,
      MSYS_CONVERSION,
    ],
    [NATIVE_OUTPUT, `The toolchain (git, node, python) is ${toolchain}.`],
  );
}

export function describeCygwin(resolution: ShellResolution): string {
  const root = resolution.root ?? "the Cygwin install folder";
  return fitSentences(
    [
      `Commands run in Cygwin bash (${versionPart(resolution)}${resolution.path}) on Windows.`,
      `C:\\Users\\me\\p is /cygdrive/c/Users/me/p, not /c/...; / and /tmp are in ${root}; ${homePart(resolution)}.`,
      CYGWIN_CONVERSION,
    ],
    [NATIVE_OUTPUT, `The toolchain (git, node, python) is ${shellConventions("cygwin").toolchain}.`],
  );
}

/** WSL: a Linux distribution, Windows programs as `*.exe`, slow `/mnt/c`, which start-up files run. */
export function describeWsl(resolution: ShellResolution): string {
  const version = resolution.version ? ` ${resolution.version}` : "";
  const startup =
    resolution.loginShell === true
      ? "bash starts as a login shell: /etc/profile and ~/.profile are read (not ~/.bashrc)."
      : "~/.profile and ~/.bashrc are not read, so tools they add to PATH (nvm, pyenv, cargo) are missing: run . ~/.profile first or use full paths.";
  return fitSentences(
    [
      `Commands run in WSL bash${version} in the '${resolution.distro}' Linux distribution (through ${resolution.path}).`,
      "C:\\Users\\me\\p is /mnt/c/Users/me/p (not /c/...); $HOME is the Linux home, not the Windows profile.",
      startup,
      "git, node and python are the distribution's, not Windows'; Windows programs run only as *.exe (cmd.exe, powershell.exe).",
    ],
    ["/mnt/c is slow in WSL2: build and search inside the Linux home when you can."],
  );
}
