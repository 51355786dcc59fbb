import path from "node:path";

// Pure readings of Windows paths: what a bash.exe or git.exe is, judged by where it lives.
const win32 = path.win32;

export type BashLayout =
  /** `System32`/`SysWOW64`/`Sysnative\bash.exe`: WSL's legacy launcher. */
  | { readonly type: "wsl-launcher" }
  /** `…\Microsoft\WindowsApps\bash.exe`: a Store app-execution alias forwarding to WSL. */
  | { readonly type: "windows-apps-alias" }
  /** `git-bash.exe`: the mintty window launcher; its output cannot be captured. */
  | { readonly type: "mintty-launcher" }
  /** `<root>\bin\bash.exe`: Git's redirector, or Cygwin's bash. */
  | { readonly type: "bin"; readonly root: string }
  /** `<root>\usr\bin\bash.exe`: raw MSYS bash (Git for Windows or MSYS2). */
  | { readonly type: "usr-bin"; readonly root: string }
  | { readonly type: "other" };

export function classifyBashPath(bashPath: string): BashLayout {
  const normalized = win32.normalize(bashPath);
  const name = win32.basename(normalized).toLowerCase();
  const directory = win32.dirname(normalized);
  if (name === "git-bash.exe") return { type: "mintty-launcher" };
  if (/\\windows\\(system32|syswow64|sysnative)$/i.test(directory)) return { type: "wsl-launcher" };
  if (/\\microsoft\\windowsapps$/i.test(directory)) return { type: "windows-apps-alias" };
  if (/\\usr\\bin$/i.test(directory))
    return { type: "usr-bin", root: win32.dirname(win32.dirname(directory)) };
  if (/\\bin$/i.test(directory)) return { type: "bin", root: win32.dirname(directory) };
  return { type: "other" };
}

/** The Windows system directories a `bash.exe` launcher can sit in, for this process's bitness. */
export function systemDirectories(systemRoot: string, runsAs32BitOn64Bit: boolean): string[] {
  const names = runsAs32BitOn64Bit ? ["Sysnative", "System32"] : ["System32"];
  return names.map((name) => win32.join(systemRoot, name));
}

export type GitRootDerivation = { readonly root: string } | { readonly root: null; readonly reason: string };

// Longest first: `mingw64\bin\git.exe` also ends in `bin\git.exe`.
const GIT_EXE_SUFFIXES = [
  ["mingw64", "bin", "git.exe"],
  ["clangarm64", "bin", "git.exe"],
  ["mingw32", "bin", "git.exe"],
  ["cmd", "git.exe"],
  ["bin", "git.exe"],
];

/** Git's install root from a `git.exe` found on PATH (`<root>\cmd\git.exe` and friends). */
export function gitRootFromGitExe(gitPath: string): GitRootDerivation {
  const parts = win32.normalize(gitPath).split("\\");
  const lower = parts.map((part) => part.toLowerCase());
  if (lower.slice(-3).join("\\") === "scoop\\shims\\git.exe") {
    return { root: null, reason: "a Scoop shim; the scoop rule looks in scoop\\apps\\git\\current instead" };
  }
  for (const suffix of GIT_EXE_SUFFIXES) {
    if (lower.slice(-suffix.length).join("\\") === suffix.join("\\") && parts.length > suffix.length) {
      return { root: parts.slice(0, -suffix.length).join("\\") || "\\" };
    }
  }
  return {
    root: null,
    reason: "not in a Git for Windows layout (cmd\\, bin\\ or mingw64\\bin\\), so no root",
  };
}

/** `EXEPATH` inside a Git Bash session names the install root or one of its bin directories. */
export function gitRootFromExePath(exePath: string): string {
  const normalized = win32.normalize(exePath).replace(/\\+$/, "");
  const match = /^(.*?)\\(?:usr\\bin|mingw64\\bin|clangarm64\\bin|mingw32\\bin|bin|cmd)$/i.exec(normalized);
  return match?.[1] ?? normalized;
}
