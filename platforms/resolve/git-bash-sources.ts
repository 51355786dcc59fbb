import path from "node:path";
import type { HostFacts } from "../host/host-facts.js";
import { gitRootFromExePath, gitRootFromGitExe } from "./windows-layout.js";

const win32 = path.win32;

export interface GitBashSource {
  readonly rule: string;
  readonly root: string | null;
  /** Where the root came from, or why none could be derived. */
  readonly detail: string;
}

/**
 * Git Bash install roots, in the order the issue fixes: the running Git Bash session, the registry,
 * `git.exe` on PATH, Program Files, the per-user location, Scoop. Lazy: a caller that stops at the
 * first good root asks the host nothing more.
 */
export async function* gitBashSources(host: HostFacts): AsyncGenerator<GitBashSource> {
  const env = (name: string) => host.env(name);
  const msystem = env("MSYSTEM");
  const exePath = env("EXEPATH");
  if (msystem && exePath && win32.isAbsolute(exePath)) {
    yield {
      rule: "git-bash-session",
      root: gitRootFromExePath(exePath),
      detail: `MSYSTEM=${msystem}, EXEPATH`,
    };
  }
  for (const key of [
    "HKLM\\Software\\GitForWindows",
    "HKCU\\Software\\GitForWindows",
    "HKLM\\Software\\WOW6432Node\\GitForWindows",
  ]) {
    const installPath = await host.readRegistry(key, "InstallPath");
    if (installPath) yield { rule: "registry", root: installPath, detail: `${key}\\InstallPath` };
  }
  for (const gitPath of await host.findOnPath("git")) {
    const derived = gitRootFromGitExe(gitPath);
    yield derived.root === null
      ? { rule: "git-on-path", root: null, detail: `${gitPath}: ${derived.reason}` }
      : { rule: "git-on-path", root: derived.root, detail: gitPath };
  }
  for (const variable of ["ProgramW6432", "ProgramFiles", "ProgramFiles(x86)"]) {
    const base = env(variable);
    if (base) yield { rule: "program-files", root: win32.join(base, "Git"), detail: `%${variable}%\\Git` };
  }
  const localAppData = env("LOCALAPPDATA");
  if (localAppData) {
    yield {
      rule: "local-app-data",
      root: win32.join(localAppData, "Programs", "Git"),
      detail: "per-user install",
    };
  }
  const scoopRoots = [env("SCOOP"), env("USERPROFILE") && win32.join(env("USERPROFILE")!, "scoop")];
  for (const scoop of scoopRoots) {
    if (!scoop) continue;
    for (const app of ["git", "git-with-openssh"]) {
      yield { rule: "scoop", root: win32.join(scoop, "apps", app, "current"), detail: `Scoop ${app}` };
    }
  }
}
