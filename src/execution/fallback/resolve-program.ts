import { statSync } from "node:fs";
import { win32 } from "node:path";

export interface ProgramLookup {
  /** The command's environment (PATH and PATHEXT are read, whatever their case). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The command's working directory: a relative path is resolved against it, a bare name never. */
  readonly cwd: string;
}

function variable(env: ProgramLookup["env"], name: string): string | undefined {
  const key = Object.keys(env).find((candidate) => candidate.toUpperCase() === name);
  return key === undefined ? undefined : env[key];
}

function isFile(candidate: string): boolean {
  try {
    return statSync(candidate).isFile();
  } catch {
    return false;
  }
}

/**
 * Finds a program as Windows would, minus the working directory: a bare name is looked up in the
 * absolute PATH entries only, with PATHEXT. libuv and cross-spawn's `which` both try the working
 * directory first, which runs whatever a repository planted there (`git.exe`, `node.cmd`). A name
 * with a path in it is taken as given, relative to `cwd`. Null when nothing is found.
 */
export function resolveProgram(name: string, lookup: ProgramLookup): string | null {
  const extensions = (variable(lookup.env, "PATHEXT") ?? ".COM;.EXE;.BAT;.CMD")
    .split(";")
    .filter((extension) => extension.startsWith("."));
  const hasExtension = win32.extname(name) !== "";
  const spellings = (base: string) => [
    ...(hasExtension ? [base] : []),
    ...extensions.map((ext) => base + ext),
  ];
  if (/[\\/]/.test(name) || win32.isAbsolute(name)) {
    return spellings(win32.resolve(lookup.cwd, name)).find(isFile) ?? null;
  }
  const directories = (variable(lookup.env, "PATH") ?? "")
    .split(";")
    .map((entry) => entry.trim().replace(/^"(.*)"$/, "$1"))
    // A relative entry ("." or "bin") would name the working directory again.
    .filter((entry) => win32.isAbsolute(entry));
  for (const directory of directories) {
    const found = spellings(win32.join(directory, name)).find(isFile);
    if (found) return found;
  }
  return null;
}
